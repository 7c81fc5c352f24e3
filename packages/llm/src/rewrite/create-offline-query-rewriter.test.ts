import { describe, expect, it } from 'vitest';
import type { Citation, HistoryTurn } from '@clarify/core';
import { createOfflineQueryRewriter } from './create-offline-query-rewriter';

function citation(title: string): Citation {
  return {
    chunkId: `${title}#1`,
    documentId: `${title}.md`,
    sourceId: 'kb',
    title,
    uri: `file:///kb/${title}.md`,
    heading: '',
    updatedAt: null,
  };
}

const rotterdam: HistoryTurn[] = [
  { role: 'user', text: 'How many vacation days do I get in Rotterdam?' },
  {
    role: 'assistant',
    text: 'Employees of the Rotterdam office get 25 vacation days per year [1].',
    citations: [citation('Rotterdam Office Leave Policy')],
  },
];

const vpn: HistoryTurn[] = [
  { role: 'user', text: "I can't connect to the VPN from home." },
  {
    role: 'assistant',
    text: 'Restart the GlobalProtect client. If that fails, reset your VPN password on the self-service portal [1].',
    citations: [citation('Resetting Your VPN (GlobalProtect) Password')],
  },
];

const rewriter = createOfflineQueryRewriter();

async function rewrite(message: string, history: readonly HistoryTurn[]) {
  return rewriter.rewrite({ message, history });
}

describe('createOfflineQueryRewriter', () => {
  it('rebuilds the previous question for an elliptical follow-up about another office', async () => {
    const result = await rewrite('what about Boston?', rotterdam);
    expect(result.text).toContain('Boston');
    expect(result.text).toContain('vacation days');
    expect(result.text).not.toContain('Rotterdam');
    expect(result).toMatchObject({ rewritten: true, llmCalls: 0 });
    expect(result.usage).toEqual({ promptTokens: 0, completionTokens: 0 });
  });

  it('replaces a pronoun with the salient topic of the thread', async () => {
    const result = await rewrite('how do I reset it?', vpn);
    expect(result.text).toBe('how do I reset the VPN?');
    expect(result.rewritten).toBe(true);
  });

  it('swaps a version for a version and resolves a chain of follow-ups', async () => {
    const lattice: HistoryTurn[] = [
      { role: 'user', text: 'How do I install Lattice v2 on Windows?' },
      { role: 'assistant', text: 'Run the installer from the software portal.' },
    ];
    expect((await rewrite('how about v3?', lattice)).text).toBe(
      'How do I install Lattice v3 on Windows?',
    );
    const chain: HistoryTurn[] = [
      ...lattice,
      { role: 'user', text: 'how about v3?' },
      { role: 'assistant', text: 'The same installer handles v3.' },
    ];
    expect((await rewrite('and on Mac?', chain)).text).toBe('How do I install Lattice v3 on Mac?');
  });

  it('replaces the group after the same preposition ("and for contractors?")', async () => {
    const stipend: HistoryTurn[] = [
      { role: 'user', text: 'Is there a laptop stipend for employees in Rotterdam?' },
      { role: 'assistant', text: 'Yes, 500 EUR per year.' },
    ];
    expect((await rewrite('and for contractors?', stipend)).text).toBe(
      'Is there a laptop stipend for contractors in Rotterdam?',
    );
  });

  it('appends the topic when the message leans on the thread without a resolvable reference', async () => {
    const result = await rewrite('what is the deadline?', rotterdam);
    expect(result.text).toBe('what is the deadline? (about Rotterdam vacation days)');
    expect(result.rewritten).toBe(true);
  });

  it('keeps a self-contained question unchanged', async () => {
    const message = 'How many sick days do employees in Boston get?';
    expect(await rewrite(message, rotterdam)).toEqual({
      text: message,
      rewritten: false,
      llmCalls: 0,
      usage: { promptTokens: 0, completionTokens: 0 },
    });
  });

  it('keeps the message unchanged without history', async () => {
    const result = await rewrite('what about Boston?', []);
    expect(result).toMatchObject({ text: 'what about Boston?', rewritten: false, llmCalls: 0 });
  });

  it('only looks at the last five turns', async () => {
    const old: HistoryTurn[] = [
      { role: 'user', text: 'How many vacation days do I get in Rotterdam?' },
      ...Array.from({ length: 5 }, (_, index): HistoryTurn => ({
        role: index % 2 === 0 ? 'assistant' : 'user',
        text: 'ok',
      })),
    ];
    expect((await rewrite('what about Boston?', old)).rewritten).toBe(false);
  });

  it('is deterministic and honours an aborted signal', async () => {
    const first = await rewrite('how do I reset it?', vpn);
    expect(await rewrite('how do I reset it?', vpn)).toEqual(first);
    const controller = new AbortController();
    controller.abort();
    await expect(
      rewriter.rewrite({ message: 'how do I reset it?', history: vpn, signal: controller.signal }),
    ).rejects.toThrow();
  });
});
