import { isClarifyError } from '@clarify/core';
import type { Embedder, Passage } from '@clarify/core';
import { startScriptedOpenAiServer } from '@clarify/testing';
import type { ScriptedOpenAiServer } from '@clarify/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdfStrategy } from './create-adf-strategy';
import type { AdfStrategyOptions } from './create-adf-strategy';
import {
  chatRequests,
  createFakeRetriever,
  ids,
  interpret,
  passage,
  scriptedModel,
  withIds,
} from './strategy-fixtures.test-helper';

const QUESTION = 'How do I reset my password?';

const vpn = passage({
  id: 'it/vpn.md',
  title: 'Resetting Your VPN (GlobalProtect) Password',
  headings: ['Self-service'],
  text: 'GlobalProtect VPN password: go to netpass and choose Reset password.',
});
const vpnFaq = passage({
  id: 'it/vpn-faq.md',
  title: 'VPN FAQ',
  headings: ['Passwords'],
  text: 'Reset your VPN password with the authenticator app.',
});
const vpnExpiry = passage({
  id: 'it/vpn-expiry.md',
  title: 'VPN password expiry',
  text: 'The VPN password must be reset every 90 days.',
});
const vpnClient = passage({
  id: 'it/vpn-client.md',
  title: 'VPN client',
  text: 'Install the VPN client, then reset your password at first login.',
});
const okta = passage({
  id: 'it/okta.md',
  title: 'Okta SSO Password Reset',
  headings: ['Forgot password'],
  text: 'Okta password: open id.example.com and click Forgot password to reset it.',
});
const oktaMfa = passage({
  id: 'it/okta-mfa.md',
  title: 'Okta MFA',
  headings: ['Password reset'],
  text: 'Resetting the Okta password needs the authenticator.',
});
const oktaPolicy = passage({
  id: 'it/okta-policy.md',
  title: 'Okta password policy',
  text: 'Okta passwords have 12 characters; reset them at id.example.com.',
});
const canteenWifi = passage({
  id: 'office/canteen-wifi.md',
  title: 'Canteen wifi',
  text: 'The canteen wifi password is reset every Monday.',
});
const canteenCards = passage({
  id: 'office/canteen-cards.md',
  title: 'Canteen cards',
  text: 'Lost canteen card? A reset of its password is done at the desk.',
});

/** Retrieval order interleaves the two readings: the clusters come from geometry, not rank. */
const TWO_GROUPS = [vpn, okta, vpnFaq, oktaMfa, vpnExpiry, oktaPolicy];

/**
 * Vectors by topic: VPN texts along axis 0, Okta along axis 1, both a little along axis 2 when
 * they mention passwords (as the question does); canteen texts along axis 3 only.
 */
function createTopicEmbedder(): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    model: 'topics',
    dimensions: 5,
    calls,
    embed(texts) {
      calls.push([...texts]);
      return Promise.resolve(texts.map(topicVector));
    },
  };
}

function topicVector(text: string): Float32Array {
  const lower = text.toLowerCase();
  const vector = new Float32Array(5);
  if (lower.includes('canteen')) vector[3] = 1;
  else {
    if (/vpn|globalprotect/.test(lower)) vector[0] = 1;
    if (/okta|sso/.test(lower)) vector[1] = 1;
    if (lower.includes('password')) vector[2] = 0.5;
  }
  if (vector.every((value) => value === 0)) vector[4] = 1;
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}

async function run(corpus: readonly Passage[], options: Partial<AdfStrategyOptions> = {}) {
  const retriever = createFakeRetriever(corpus);
  const embedder = createTopicEmbedder();
  const strategy = createAdfStrategy({ retriever, embedder, ...options });
  return { ...(await interpret(strategy, QUESTION)), retriever, embedder };
}

describe('createAdfStrategy offline (no model)', () => {
  it('splits two well-separated groups into two interpretations, each citing its group', async () => {
    const { result, trace, retriever, embedder } = await run(TWO_GROUPS);

    expect(withIds(result.interpretations)).toEqual([
      {
        interpretation: 'How do I reset my password — VPN GlobalProtect Self-service?',
        answer: '',
        evidence: '',
        passages: ids([vpn, vpnFaq, vpnExpiry]),
        support: 3,
      },
      {
        interpretation: 'How do I reset my password — Okta SSO Forgot?',
        answer: '',
        evidence: '',
        passages: ids([okta, oktaMfa, oktaPolicy]),
        support: 3,
      },
    ]);
    expect(ids(result.retrieved)).toEqual(ids(TWO_GROUPS));
    expect(retriever.requests.map((request) => [request.query, request.k])).toEqual([
      [QUESTION, 10],
      ['How do I reset my password — VPN GlobalProtect Self-service?', 5],
      ['How do I reset my password — Okta SSO Forgot?', 5],
    ]);
    expect(embedder.calls).toEqual([[QUESTION, ...TWO_GROUPS.map((item) => item.text)]]);
    expect(trace.stages.map((stage) => stage.name)).toEqual([
      'retrieve',
      'coherence',
      'sub-queries',
      'dual-retrieve',
    ]);
    expect(trace).toMatchObject({ llmCalls: 0, llmRounds: 0, retrievalCalls: 3 });
    expect(trace.stages[1]?.detail).toMatchObject({ state: 'ambiguous', embedCalls: 1 });
  });

  it('gives a single tight group one interpretation: the question with its top passages', async () => {
    const group = [vpn, vpnFaq, vpnExpiry, vpnClient];
    const { result, trace } = await run(group, { passagesPerInterpretation: 3 });

    expect(withIds(result.interpretations)).toEqual([
      {
        interpretation: QUESTION,
        answer: '',
        evidence: '',
        passages: ids([vpn, vpnFaq, vpnExpiry]),
        support: 4,
      },
    ]);
    expect(trace).toMatchObject({ llmCalls: 0, retrievalCalls: 1 });
    expect(trace.stages[1]?.detail).toMatchObject({ state: 'unambiguous', clusters: [] });
  });

  it('drops a cluster unrelated to the question (τ_rel) and keeps its passages out', async () => {
    const { result, trace } = await run([vpn, canteenWifi, vpnFaq, canteenCards, vpnExpiry]);

    expect(result.interpretations).toHaveLength(1);
    expect(ids(result.interpretations[0]?.passages ?? [])).toEqual(ids([vpn, vpnFaq, vpnExpiry]));
    expect(trace).toMatchObject({ llmCalls: 0, retrievalCalls: 2 });
  });

  it('has no interpretation when nothing is retrieved, and embeds nothing', async () => {
    const { result, embedder } = await run([]);
    expect(result).toEqual({ interpretations: [], retrieved: [] });
    expect(embedder.calls).toHaveLength(0);
  });
});

describe('createAdfStrategy with a model', () => {
  let server: ScriptedOpenAiServer;

  beforeEach(async () => {
    server = await startScriptedOpenAiServer();
  });

  afterEach(async () => {
    await server.close();
  });

  const VPN_READING = {
    subQuery: 'How do I reset my VPN (GlobalProtect) password?',
    hypotheticalPassage: 'To reset the GlobalProtect VPN password, open netpass.',
  };
  const OKTA_READING = {
    subQuery: 'How do I reset my Okta SSO password?',
    hypotheticalPassage: 'Reset the Okta password at id.example.com with Forgot password.',
  };

  it('writes a grounded sub-query and HyDE text per cluster in one parallel round', async () => {
    server.script(
      { ifContains: 'netpass and choose', reply: VPN_READING },
      { ifContains: 'click Forgot password', reply: OKTA_READING },
    );
    const { result, trace, retriever } = await run(TWO_GROUPS, {
      model: scriptedModel(server),
      maxTokens: 222,
    });

    expect(result.interpretations.map((item) => [item.interpretation, ids(item.passages)])).toEqual(
      [
        [VPN_READING.subQuery, ids([vpn, vpnFaq, vpnExpiry])],
        [OKTA_READING.subQuery, ids([okta, oktaMfa, oktaPolicy])],
      ],
    );
    const requests = chatRequests(server);
    expect(requests).toHaveLength(2);
    const vpnPrompt = requests.find((request) => request.user.includes('netpass'));
    expect(vpnPrompt?.user).toContain(`Question: ${QUESTION}`);
    expect(vpnPrompt?.user).toContain(
      '[1] Resetting Your VPN (GlobalProtect) Password › Self-service:',
    );
    expect(vpnPrompt?.user).toContain('[3] VPN password expiry:');
    expect(vpnPrompt?.user).not.toContain('Okta');
    expect(vpnPrompt?.system).toContain('hypotheticalPassage');
    expect(requests.map((request) => request.maxTokens)).toEqual([222, 222]);
    // Dual retrieval: the sub-query and the HyDE text of each cluster.
    expect(
      retriever.requests
        .map((request) => request.query)
        .slice(1)
        .sort(),
    ).toEqual(
      [VPN_READING, OKTA_READING]
        .flatMap((reading) => [reading.subQuery, reading.hypotheticalPassage])
        .sort(),
    );
    expect(trace).toMatchObject({ llmCalls: 2, llmRounds: 1, retrievalCalls: 5 });
  });

  it('drops a cluster whose reply is malformed', async () => {
    server.script(
      { ifContains: 'netpass and choose', reply: VPN_READING },
      { ifContains: 'click Forgot password', reply: 'An Okta question.', times: 2 },
    );
    const { result, trace } = await run(TWO_GROUPS, { model: scriptedModel(server) });

    expect(result.interpretations.map((item) => item.interpretation)).toEqual([
      VPN_READING.subQuery,
    ]);
    expect(trace).toMatchObject({ llmCalls: 3, llmRounds: 2, retrievalCalls: 3 });
  });

  it('keeps the question as asked when every cluster abstains', async () => {
    server.script({ reply: { subQuery: ' ', hypotheticalPassage: '' }, times: 2 });
    const { result } = await run(TWO_GROUPS, { model: scriptedModel(server) });
    expect(
      result.interpretations.map((item) => [item.interpretation, item.passages.length]),
    ).toEqual([[QUESTION, 5]]);
  });

  it('lets llm_failed propagate', async () => {
    server.script({ status: 500, times: 2 });
    const error: unknown = await run(TWO_GROUPS, { model: scriptedModel(server) }).catch(
      (caught: unknown) => caught,
    );
    expect(isClarifyError(error, 'llm_failed')).toBe(true);
  });
});
