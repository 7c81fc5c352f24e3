/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ChatConfig } from '@clarify/config';
import { scopeFor } from '@clarify/chat';
import { loadPassage, type AppDatabase } from '@clarify/db';
import type { FormEnv } from '../server/csrf';
import { ErrorPage } from '../views/error-page';
import { PassagePage } from '../views/passage-page';
import { WEB_WORKSPACE } from './web-platform';

/**
 * `/passage/:chunkId?hl=…`: a cited passage with its sentence marked; only passages of the
 * sources the playground may read (a restricted source's chunks are not shown).
 */
export function passageRoutes(deps: { db: AppDatabase; chat: ChatConfig }) {
  const app = new Hono<FormEnv>();
  const scope = scopeFor(deps.chat, {
    workspaceId: WEB_WORKSPACE,
    channelId: 'playground',
    threadId: 'playground',
    isDirect: true,
  });
  app.get('/passage/:chunkId', async (c) => {
    const passage = await loadPassage(deps.db, c.req.param('chunkId'));
    if (passage === null || (scope?.sourceIds && !scope.sourceIds.includes(passage.sourceId))) {
      c.status(404);
      return c.html(
        <ErrorPage
          session={c.get('session')}
          title="Passage not found"
          text="This passage is no longer in the knowledge base (the document changed or was removed). Ask again for a fresh answer."
        />,
      );
    }
    return c.html(
      <PassagePage
        session={c.get('session')}
        passage={passage}
        highlight={(c.req.query('hl') ?? '').slice(0, 400)}
      />,
    );
  });
  return app;
}
