import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '@clarify/testing';
import { simulatedChatReply } from '../src/bench/pipeline/simulated-model';
import { runCli } from './run-cli';

let workspace: string;
let server: ScriptedOpenAiServer;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'clarify-cli-openai-'));
  await mkdir(join(workspace, 'docs'));
  await writeFile(
    join(workspace, 'docs/vpn.md'),
    '# VPN\n\nReset the GlobalProtect password at https://netpass.example.com.',
  );
  await writeFile(
    join(workspace, 'docs/leave.md'),
    '# Leave\n\nRotterdam employees get 26 vacation days.',
  );
  server = await startScriptedOpenAiServer();
});
afterAll(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

describe('clarify with an OpenAI-compatible embeddings endpoint (real HTTP)', () => {
  const env = () => ({
    EMBEDDING_PROVIDER: 'openai',
    EMBEDDING_BASE_URL: server.url,
    EMBEDDING_API_KEY: 'sk-test-secret-key',
    EMBEDDING_MODEL: 'text-embedding-3-small',
    EMBEDDING_DIMENSIONS: '64',
    EMBEDDING_MAX_RETRIES: '0',
    EMBEDDING_TIMEOUT_MS: '2000',
  });
  const dataDir = () => join(workspace, 'data');

  it('indexes through the embeddings API and searches', async () => {
    const indexed = await runCli(['--data-dir', dataDir(), 'index', join(workspace, 'docs')], {
      env: env(),
    });
    expect(indexed.stderr).toBe('');
    expect(indexed.stdout).toMatch(/2 indexed/);
    const calls = server.requests.filter((request) => request.path === '/v1/embeddings');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls[0]?.body).toMatchObject({ model: 'text-embedding-3-small', dimensions: 64 });
    expect(calls[0]?.headers.authorization).toBe('Bearer sk-test-secret-key');

    const searched = await runCli(
      ['--data-dir', dataDir(), 'search', 'GlobalProtect password', '--json'],
      { env: env() },
    );
    expect(searched.code).toBe(0);
    expect((JSON.parse(searched.stdout) as Array<{ documentId: string }>)[0]?.documentId).toBe(
      'vpn.md',
    );
  });

  it('searches full text with a warning when the embeddings API fails, never leaking the key', async () => {
    server.script({ path: '/v1/embeddings', status: 500, times: 5 });
    const searched = await runCli(
      ['--data-dir', dataDir(), 'search', 'vacation days Rotterdam', '--json'],
      { env: env() },
    );
    expect(searched.code).toBe(0);
    expect(searched.stderr).toMatch(
      /^clarify: warning: embeddings unavailable \(.*500.*\); searching full text only/,
    );
    expect(searched.stderr).not.toContain('sk-test-secret-key');
    expect((JSON.parse(searched.stdout) as Array<{ documentId: string }>)[0]?.documentId).toBe(
      'leave.md',
    );
  });
});

describe('clarify ask with an OpenAI-compatible chat model (real HTTP)', () => {
  let chat: ScriptedOpenAiServer;
  const dataDir = () => join(workspace, 'chat-data');
  const llm = (baseUrl: string) => ({
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: baseUrl,
    LLM_API_KEY: 'sk-test-chat-key',
    LLM_MODEL: 'gpt-test',
    LLM_MAX_RETRIES: '0',
    LLM_TIMEOUT_MS: '3000',
  });

  beforeAll(async () => {
    chat = await startScriptedOpenAiServer({ chatReply: simulatedChatReply });
    const indexed = await runCli(['--data-dir', dataDir(), 'index', join(workspace, 'docs')]);
    expect(indexed.code).toBe(0);
  });
  afterAll(async () => {
    await chat.close();
  });

  it('answers through the configured model, with citations and the trace of its calls', async () => {
    const asked = await runCli(
      ['--data-dir', dataDir(), 'ask', 'How do I reset the GlobalProtect password?', '--json'],
      { env: llm(chat.url) },
    );
    expect(asked.stderr).toBe('');
    const reply = JSON.parse(asked.stdout) as { kind: string; citations: { documentId: string }[] };
    expect(reply.kind).toBe('answer');
    expect(reply.citations[0]?.documentId).toBe('vpn.md');
    const calls = chat.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls[0]?.headers.authorization).toBe('Bearer sk-test-chat-key');
    expect(calls[0]?.body).toMatchObject({ model: 'gpt-test', temperature: 0 });
  });

  it('answers offline with a visible note when the model is unreachable', async () => {
    const asked = await runCli(
      ['--data-dir', dataDir(), 'ask', 'How do I reset the GlobalProtect password?'],
      { env: llm('http://127.0.0.1:9/v1') },
    );
    expect(asked.code).toBe(0);
    expect(asked.stdout).toContain('AI answer unavailable right now');
    expect(asked.stdout).toContain('https://netpass.example.com');
    expect(asked.stdout + asked.stderr).not.toContain('sk-test-chat-key');
  });

  it('refuses a strategy that needs a model when none is configured', async () => {
    const asked = await runCli([
      '--data-dir',
      dataDir(),
      'ask',
      'How do I reset the GlobalProtect password?',
      '--strategy',
      'rac',
    ]);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toMatch(/^clarify: the rac strategy needs an LLM/);
  });
});
