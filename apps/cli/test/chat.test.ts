import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from './run-cli';

let workspace: string;
let dataDir: string;
/** `clarify chat` with one question piped in: it indexes the sample KB, then chats. */
let started: CliResult;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'clarify-chat-'));
  dataDir = join(workspace, 'data');
  started = await runCli(['--data-dir', dataDir, 'chat'], { input: 'What is a PIP?\n' });
}, 120_000);
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

/** One chat session: the lines typed, in order, then the end of the input. */
const chat = (lines: string[]) =>
  runCli(['--data-dir', dataDir, 'chat'], { input: `${lines.join('\n')}\n` });

/** Splits the output at the hint printed under a clarification's options. */
const CHOICE_HINT = /^Type 1–\d, all or none — or ask something else\.$/m;

/** The options of a clarification: their number and the document paths they cite. */
function optionsOf(output: string) {
  return [...output.matchAll(/^ {2}(\d+)\. .+\n {5}.+\n {5}sources: (.+)$/gm)].map((match) => ({
    id: match[1] ?? '',
    documents: [...(match[2] ?? '').matchAll(/\(([^()]+\.md)\)/g)].map((path) => path[1]),
  }));
}

/** The document paths of an answer's numbered sources, `[n] Title › heading (path)`. */
function sourcesOf(output: string) {
  return [...output.matchAll(/^ {2}\[\d+\] .+ \(([^()]+\.md)\)$/gm)].map((match) => match[1]);
}

describe('clarify chat', () => {
  it('is what start opens once the sample knowledge base is indexed', () => {
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    expect(started.stdout).toMatch(/^Indexed sample-kb .*: \d+ documents — \d+ indexed/m);
    expect(started.stdout).toMatch(/^Clarify is ready \(PGlite at .*\)\.$/m);
    expect(started.stdout).toMatch(/^Try "How do I reset my password\?"/m);
    expect(started.stdout).toMatch(/^ {2}1\. What is a PIP/m);
    expect(started.stdout).toMatch(CHOICE_HINT);
  });

  it('shows the meanings of an ambiguous question with their sources, and answers the one picked', async () => {
    const { code, stdout, stderr } = await chat(['What is a PIP?', '9', '1']);
    expect(code).toBe(0);
    const [asked = '', answered = ''] = stdout.split(CHOICE_HINT);
    expect(asked).toMatch(/^"What is a PIP\?" can mean different things/m);
    const options = optionsOf(asked);
    expect(options.map((option) => option.id)).toEqual(options.map((_, index) => `${index + 1}`));
    const cited = options.map((option) => option.documents[0]);
    expect(cited).toContain('hr/performance-improvement-plan.md');
    expect(cited).toContain('sales/product-integration-partner-program.md');
    // A number that is not an option is refused; the options still stand.
    expect(stderr).toBe(`clarify: there is no option 9; type 1–${options.length}, all or none\n`);

    expect(answered).toMatch(/^Interpreted as: What is a PIP/m);
    expect(answered).toMatch(/\[1\]/);
    expect(sourcesOf(answered)).toContain(cited[0]);
    expect(answered).not.toMatch(/can mean different things/);
  });

  it('answers every meaning, one section each, when the user types "all"', async () => {
    const { stdout } = await chat(['What is a PIP?', 'all']);
    const [asked = '', answered = ''] = stdout.split(CHOICE_HINT);
    const options = optionsOf(asked);
    expect(answered.match(/^\*\*.+:\*\* /gm)).toHaveLength(options.length);
    const sources = sourcesOf(answered);
    for (const option of options) expect(sources).toContain(option.documents[0]);
  });

  it('asks to rephrase after "none" and answers the rephrased question in the same thread', async () => {
    const { stdout } = await chat([
      'What is a PIP?',
      'none',
      'What referral fee do Premier-tier PIP partners get?',
      '/explain',
    ]);
    const [, rest = ''] = stdout.split(CHOICE_HINT);
    expect(rest).toMatch(/^None of these\? Please rephrase your question/m);
    expect(rest).not.toMatch(/can mean different things/);
    expect(sourcesOf(rest)).toContain('sales/product-integration-partner-program.md');
    // The rephrased question read the first question and the clarification from the thread.
    expect(rest).toMatch(/^ {2}thread-context .*\{"turns":2\}$/m);
  });

  it('resolves a follow-up from the conversation, and goes on after a turn that fails', async () => {
    const { code, stdout, stderr } = await chat([
      'all',
      'How many vacation days do I get in Rotterdam?',
      'x'.repeat(4_001),
      'what about Boston?',
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe(
      'clarify: there are no options to choose from; ask a question\n' +
        'clarify: questions are limited to 4000 characters\n',
    );
    const [, followUp = ''] = stdout.split(/^(?=Interpreted as: )/m);
    expect(followUp).toMatch(/^Interpreted as: .*vacation days.*Boston/i);
    expect(followUp).toContain('(hr/leave-policy-boston.md)');
  });

  it('answers a follow-up the thread settles directly, after an option was chosen', async () => {
    const { code, stdout } = await chat([
      'How many vacation days do I get?',
      '1',
      'what about Boston?',
    ]);
    expect(code).toBe(0);
    const replies = stdout.split(/^(?=Interpreted as: )/m);
    expect(replies).toHaveLength(3);
    const followUp = replies[2] ?? '';
    expect(followUp).toMatch(/^Interpreted as: .*vacation days.*Boston/i);
    expect(followUp).toContain('20 days');
    expect(followUp).toContain('(hr/leave-policy-boston.md)');
    expect(followUp).not.toMatch(/can mean different things/);
  });

  it('starts a new thread on /new, so a follow-up no longer reads the earlier turns', async () => {
    const { stdout } = await chat([
      'How many vacation days do I get in Rotterdam?',
      '/new',
      'what about Boston?',
      '/explain',
    ]);
    const [, fresh = ''] = stdout.split(/^Started a new conversation\.$/m);
    expect(fresh).not.toMatch(/Interpreted as/);
    expect(fresh).toMatch(/^ {2}thread-context .*\{"turns":0\}$/m);
  });
});
