import { toReplyView } from '@clarify/chat';
import { replyArbitrary } from '@clarify/chat/testing/arbitraries';
import type { Reply } from '@clarify/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TeamsMessage } from './adaptive-card';
import { linkTarget } from './escape-card-text';
import { renderCards } from './render-card';
import { teamsLimits } from './teams-limits';

/** What an activity's envelope (ids, conversation, from, recipient) adds to a card, at most. */
const ENVELOPE_BYTES = 2_048;

function walk(node: unknown, visit: (record: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit));
  else if (node !== null && typeof node === 'object') {
    visit(node as Record<string, unknown>);
    Object.values(node).forEach((value) => walk(value, visit));
  }
}

function textsOf(messages: TeamsMessage[]): string[] {
  const texts: string[] = [];
  walk(messages, (record) => {
    if (record.type === 'TextBlock' && typeof record.text === 'string') texts.push(record.text);
  });
  return texts;
}

function actionsOf(messages: TeamsMessage[]): Array<Record<string, unknown>> {
  const actions: Array<Record<string, unknown>> = [];
  walk(messages, (record) => {
    if (record.type === 'Action.Submit') actions.push(record);
  });
  return actions;
}

/** Markdown links a renderer would draw: `[label](target)` not preceded by a backslash. */
function linkTargets(text: string): string[] {
  return [...text.matchAll(/(?<!\\)\[(?:\\.|[^\]\\])*\]\(([^)]*)\)/g)].map(
    (match) => match[1] ?? '',
  );
}

function citedUris(reply: Reply): Set<string> {
  const citations =
    reply.kind === 'answer'
      ? reply.citations
      : reply.kind === 'no-answer'
        ? reply.nearest
        : reply.options.flatMap((option) => option.citations);
  return new Set(
    citations.map((citation) => linkTarget(citation.uri)).filter((uri) => uri !== null),
  );
}

/** What a reader sees of a rendered TextBlock: escapes removed, look-alikes read back. */
const visible = (text: string) => comparable(text.replace(/\\(.)/g, '$1'));
/** Raw text as it compares with what a reader sees: `<` look-alikes and whitespace ignored. */
const comparable = (text: string) => text.replace(/‹/g, '<').replace(/\s+/g, '');

describe('renderCards (RELIABILITY TM-2)', () => {
  it('keeps every card within Teams limits and lets no mention, tag or foreign link through', () => {
    fc.assert(
      fc.property(replyArbitrary, fc.uuid(), (reply, answerId) => {
        const messages = renderCards(toReplyView(reply, { answerId }));
        expect(messages.length).toBeGreaterThan(0);
        for (const message of messages) {
          const bytes = Buffer.byteLength(JSON.stringify(message), 'utf8');
          expect(bytes).toBeLessThanOrEqual(teamsLimits.activityBytes - ENVELOPE_BYTES);
          expect(message.summary?.length ?? 0).toBeLessThanOrEqual(200);
        }
        const allowed = citedUris(reply);
        for (const text of textsOf(messages)) {
          expect(text).not.toMatch(/</);
          for (const target of linkTargets(text)) expect(allowed.has(target)).toBe(true);
        }
        for (const action of actionsOf(messages)) {
          const data = action.data as Record<string, unknown>;
          expect(
            Object.keys(data).every((key) => ['clarify', 'value', 'rating'].includes(key)),
          ).toBe(true);
          expect(String(data.value)).toMatch(/^(?:c1|f1):/);
          expect(String(action.title).length).toBeLessThanOrEqual(teamsLimits.actionTitleChars);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('shows all of an answer, and gives each option exactly one button', () => {
    fc.assert(
      fc.property(replyArbitrary, (reply) => {
        const messages = renderCards(toReplyView(reply, { answerId: 'a-1' }));
        const shown = visible(textsOf(messages).join(''));
        if (reply.kind === 'answer' || reply.kind === 'no-answer') {
          expect(shown).toContain(comparable(reply.text));
        } else {
          const values = actionsOf(messages).map(
            (action) => (action.data as { value: string }).value,
          );
          for (const option of reply.options) {
            const value = `c1:${reply.clarificationId}:${option.id}`;
            expect(values.filter((candidate) => candidate === value)).toHaveLength(1);
          }
          expect(values.at(-1)).toBe(`c1:${reply.clarificationId}:none`);
        }
      }),
      { numRuns: 100 },
    );
  });
});
