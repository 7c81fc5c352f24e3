import type { Citation, Reply } from '@clarify/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from './block-kit';
import { decodeChoice, isClarifyAction } from './action-ids';
import { isLinkableUri } from './escape-mrkdwn';
import { markChosen } from './mark-chosen';
import { renderReply } from './render-reply';
import { messageProblems } from './testing/message-problems';
import { replyArbitrary } from '@clarify/chat/testing/arbitraries';

function citationsOf(reply: Reply): Citation[] {
  switch (reply.kind) {
    case 'answer':
      return reply.citations;
    case 'clarify':
      return reply.options.flatMap((option) => option.citations);
    case 'no-answer':
      return reply.nearest;
  }
}

function allowedUris(reply: Reply): Set<string> {
  return new Set(
    citationsOf(reply)
      .map((citation) => citation.uri)
      .filter(isLinkableUri),
  );
}

function unescape(text: string): string {
  return text
    .replace(/@\u2060/g, '@')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const withoutWhitespace = (text: string) => text.replace(/\s+/g, '');

function sectionTexts(messages: SlackMessage[]): string[] {
  return messages.flatMap((message) =>
    message.blocks.flatMap((block) => (block.type === 'section' ? [block.text.text] : [])),
  );
}

function buttonValues(messages: SlackMessage[]): string[] {
  return messages.flatMap((message) =>
    message.blocks.flatMap((block) =>
      block.type === 'actions' ? block.elements.map((button) => button.value) : [],
    ),
  );
}

const answerId = fc.option(fc.uuid(), { nil: undefined });

describe('renderReply (property, RELIABILITY SL-6)', () => {
  it('keeps every message within Block Kit limits and lets no hostile token through', () => {
    fc.assert(
      fc.property(replyArbitrary, answerId, (reply, id) => {
        const messages = renderReply(reply, { answerId: id });
        expect(messages.length).toBeGreaterThan(0);
        const rules = { allowedUris: allowedUris(reply) };
        for (const message of messages) expect(messageProblems(message, rules)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('shows all of an answer, and puts each option on exactly one button', () => {
    fc.assert(
      fc.property(replyArbitrary, answerId, (reply, id) => {
        const messages = renderReply(reply, { answerId: id });
        if (reply.kind === 'answer') {
          // Chunks hold the text in order; only whitespace at the cuts may be gone.
          const chunks = sectionTexts(messages).map(unescape);
          const expected = reply.text.trim() ? reply.text : '(empty answer)';
          expect(withoutWhitespace(chunks.join(''))).toBe(withoutWhitespace(expected));
          for (const chunk of chunks) expect(normalise(expected)).toContain(normalise(chunk));
        }
        if (reply.kind === 'clarify') {
          const chosen = buttonValues(messages).map((value) => decodeChoice(value)?.optionId);
          const expected = reply.options.map((option) => option.id);
          if (reply.options.length >= 2) expected.push('all');
          expected.push('none');
          expect(chosen).toEqual(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('marks a choice within limits, removing every clarify button', () => {
    const clarify = replyArbitrary.filter((reply) => reply.kind === 'clarify');
    const userId = fc.oneof(fc.constantFrom('U123ABC', 'W0XYZ'), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(clarify, userId, fc.string({ maxLength: 300 }), (reply, user, label) => {
        for (const message of renderReply(reply)) {
          const blocks = markChosen(message.blocks, { optionId: '1', userId: user, label });
          const rules = { allowedUris: allowedUris(reply), allowMentions: true };
          expect(messageProblems({ text: message.text, blocks }, rules)).toEqual([]);
          const actionIds = blocks.flatMap((block) =>
            block.type === 'actions' ? block.elements.map((button) => button.action_id) : [],
          );
          expect(actionIds.filter(isClarifyAction)).toEqual([]);
        }
      }),
      { numRuns: 50 },
    );
  });
});
