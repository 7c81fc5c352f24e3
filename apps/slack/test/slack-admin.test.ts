import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgAuditLog } from '@clarify/db';
import type { KnowledgeBase } from '@clarify/runtime';
import { REFUSAL_TEXT } from '../src/admin/register-commands';
import { startSlackHarness, type SlackHarness } from '../testing/slack-harness';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

const ADMIN = 'U0ADMIN';
const WORKSPACE_ADMIN = 'U0OWNER';
const NOBODY = 'U0NOBODY';

let kb: KnowledgeBase;
let notesDir: string;
let slack: SlackHarness;

useSampleKnowledgeBase((opened) => (kb = opened));
beforeAll(async () => {
  notesDir = await mkdtemp(join(tmpdir(), 'clarify-notes-'));
  await writeFile(
    join(notesDir, 'parking.md'),
    '# Parking\n\nVisitors park in bay 4 of the Boston garage.\n',
  );
  await writeFile(
    join(notesDir, 'lunch.md'),
    '# Lunch\n\nThe Rotterdam canteen serves lunch from 12:00 to 14:00.\n',
  );
  await kb.sources.upsert({
    id: 'notes',
    name: 'notes',
    type: 'files',
    settings: { path: notesDir },
  });
}, 120_000);
afterAll(async () => {
  await rm(notesDir, { recursive: true, force: true });
});
afterEach(async () => {
  await slack.stop();
});

async function run(text: string, user: string): Promise<string[]> {
  const { status, responseId } = await slack.command(text, user);
  expect(status).toBe(200);
  await slack.app.idle();
  return slack.fake.responses
    .filter((post) => post.id === responseId)
    .map((post) => String((post.body as { text?: unknown }).text));
}

describe('/clarify admin commands', () => {
  it('politely refuses someone who is not an admin, and audits it', async () => {
    slack = await startSlackHarness(kb, {
      slack: { adminUserIds: [ADMIN] },
      fake: { users: { [NOBODY]: {} } },
    });
    const jobsBefore = await kb.jobs.latest({ limit: 100 });
    expect(await run('reindex notes', NOBODY)).toEqual([REFUSAL_TEXT]);
    expect(await kb.jobs.latest({ limit: 100 })).toHaveLength(jobsBefore.length);
    const [entry] = await createPgAuditLog(kb.database.db).recent(1);
    expect(entry).toMatchObject({
      actorUserId: NOBODY,
      action: 'reindex',
      target: 'notes',
      outcome: 'refused',
    });
  });

  it('re-indexes a source for an admin and reports the counts, deletions included', async () => {
    slack = await startSlackHarness(kb, { slack: { adminUserIds: [ADMIN] } });
    const first = await run('reindex notes', ADMIN);
    expect(first.at(-1)).toMatch(
      /\*notes\*: 2 documents — 2 indexed, 0 unchanged, 0 with errors, 0 deleted/,
    );

    await rm(join(notesDir, 'lunch.md'));
    const second = await run('reindex notes', ADMIN);
    expect(second.at(-1)).toMatch(
      /\*notes\*: 1 documents — 0 indexed, 1 unchanged, 0 with errors, 1 deleted/,
    );
    const [entry] = await createPgAuditLog(kb.database.db).recent(1);
    expect(entry).toMatchObject({
      actorUserId: ADMIN,
      action: 'reindex',
      target: 'notes',
      outcome: 'ok',
    });
    const [job] = await kb.jobs.latest({ sourceId: 'notes', limit: 1 });
    expect(job).toMatchObject({ trigger: 'admin', status: 'succeeded', documentsDeleted: 1 });
  });

  it('lets workspace admins in, and shows status and sources', async () => {
    slack = await startSlackHarness(kb, {
      fake: { users: { [WORKSPACE_ADMIN]: { isAdmin: true } } },
    });
    const [status] = await run('status', WORKSPACE_ADMIN);
    expect(status).toMatch(/\*Index status\.\*/);
    expect(status).toMatch(/\*sample-kb\*/);
    expect(status).toMatch(/Last jobs/);
    const [sources] = await run('sources', WORKSPACE_ADMIN);
    expect(sources).toMatch(/\*notes\* \(files\)/);
    const [usage] = await run('', WORKSPACE_ADMIN);
    expect(usage).toMatch(/\/clarify reindex \[source\]/);
    expect(await run('reindex nowhere', WORKSPACE_ADMIN)).toEqual([
      expect.stringMatching(/there is no source "nowhere"/),
    ]);
  });
});
