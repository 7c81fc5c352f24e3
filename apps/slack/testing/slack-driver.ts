import { decodeChoice } from '@clarify/chat';
import { CONTRACT_ASKER, type ChatDriver, type ContractReply } from '@clarify/chat/testing';
import type { KnowledgeBase } from '@clarify/runtime';
import type { SlackApiCall } from '@clarify/testing';
import { startSlackHarness } from './slack-harness';

type Block = {
  type: string;
  text?: { text: string };
  elements?: Array<{ action_id?: string; value?: string; text?: unknown }>;
};

const blocksOf = (call: SlackApiCall) => (call.args.blocks ?? []) as Block[];
const unescape = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const elementText = (text: unknown): string => {
  const inner = typeof text === 'string' ? text : (text as { text?: unknown } | undefined)?.text;
  return typeof inner === 'string' ? inner : '';
};
const contextTexts = (block: Block) =>
  (block.elements ?? []).map((element) => elementText(element.text));
const citationLines = (text: string) => (text.match(/^\[\d+\]/gm) ?? []).length;
const buttons = (call: SlackApiCall) =>
  blocksOf(call).flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : []));

/** A Slack message of the bot, read back as the contract's reply. */
function readReply(call: SlackApiCall): ContractReply {
  const blocks = blocksOf(call);
  const actionIds = buttons(call).map((element) => element.action_id ?? '');
  if (actionIds.some((id) => id.startsWith('clarify_option_'))) {
    const options: Array<{ interpretation: string; sources: number }> = [];
    for (const block of blocks) {
      const match = /^\*\d+\. ([\s\S]*?)\*(?:\n>|$)/.exec(block.text?.text ?? '');
      if (block.type === 'section' && match) {
        options.push({ interpretation: unescape(match[1] ?? ''), sources: 0 });
      } else if (block.type === 'context' && options.length > 0) {
        const sources = contextTexts(block).find((text) => text.startsWith('*Sources*'));
        const last = options.at(-1);
        if (sources !== undefined && last) last.sources = citationLines(sources);
      }
    }
    return {
      kind: 'clarify',
      options,
      answerAll: actionIds.includes('clarify_all'),
      none: actionIds.includes('clarify_none'),
    };
  }
  const text = unescape(
    blocks
      .filter((block) => block.type === 'section')
      .map((block) => block.text?.text ?? '')
      .join('\n'),
  );
  const lists = blocks.flatMap((block) => (block.type === 'context' ? contextTexts(block) : []));
  const sources = lists
    .filter((list) => list.startsWith('*Sources*') || list.startsWith('*Closest matches*'))
    .reduce((sum, list) => sum + citationLines(list), 0);
  if (actionIds.includes('feedback_up')) return { kind: 'answer', text, sources, votes: true };
  return { kind: 'no-answer', text, sources };
}

/** The Slack app driven through the contract: mentions, clicks and `/clarify` over real HTTP. */
export async function startSlackDriver(
  kb: KnowledgeBase,
  options: { admins: string[] },
): Promise<ChatDriver> {
  const slack = await startSlackHarness(kb, {
    slack: { adminUserIds: options.admins },
    fake: {
      users: Object.fromEntries(
        [CONTRACT_ASKER, 'someone-else', ...options.admins].map((user) => [user, {}]),
      ),
    },
  });
  const clarifications = new Map<string, SlackApiCall>();
  const answers = new Map<string, SlackApiCall>();
  const remember = (thread: string, call: SlackApiCall) => {
    const reply = readReply(call);
    if (reply.kind === 'clarify') clarifications.set(thread, call);
    if (reply.kind === 'answer') answers.set(thread, call);
    return reply;
  };
  const lastTold = () => {
    const text = slack.fake.callsTo('chat.postEphemeral').at(-1)?.args.text;
    return typeof text === 'string' ? text : '';
  };
  /** The fake's clock (its calls' `at`) now: replies are looked for after it. */
  const now = () => slack.fake.calls.at(-1)?.at ?? 0;
  const clicked = async (call: SlackApiCall | undefined, actionId: string, user?: string) => {
    if (call === undefined) throw new Error('nothing to click in this thread');
    const since = now();
    await slack.click(call, actionId, user);
    return since;
  };

  return {
    platform: 'slack',
    async ask(text, askOptions = {}) {
      const since = now();
      const { ts } = await slack.mention(text, {
        user: CONTRACT_ASKER,
        ...(askOptions.thread && { threadTs: askOptions.thread }),
      });
      const thread = askOptions.thread ?? ts;
      const call = await slack.waitForReply(thread, since);
      return { thread, reply: remember(thread, call) };
    },
    async choose(thread, option) {
      const actionId =
        option === 'all'
          ? 'clarify_all'
          : option === 'none'
            ? 'clarify_none'
            : `clarify_option_${option}`;
      const since = await clicked(clarifications.get(thread), actionId);
      return remember(thread, await slack.waitForReply(thread, since));
    },
    async click(thread, value, user) {
      const clarification = clarifications.get(thread);
      if (clarification === undefined) throw new Error('no clarification in this thread');
      const forged = {
        ...clarification,
        args: {
          ...clarification.args,
          blocks: [{ type: 'actions', elements: [{ action_id: 'clarify_option_1', value }] }],
        },
      };
      await clicked(forged, 'clarify_option_1', user);
      await slack.app.idle();
      return lastTold();
    },
    async vote(thread, rating) {
      await clicked(answers.get(thread), rating === 'up' ? 'feedback_up' : 'feedback_down');
      await slack.app.idle();
      return lastTold();
    },
    async admin(text, user) {
      const { responseId } = await slack.command(text, user);
      await slack.app.idle();
      return slack.fake.responses
        .filter((post) => post.id === responseId)
        .map((post) => String((post.body as { text?: unknown }).text));
    },
    clarificationOf(thread) {
      const call = clarifications.get(thread);
      const value = call
        ? buttons(call).find((element) => element.action_id === 'clarify_option_1')?.value
        : undefined;
      const choice = decodeChoice(value ?? '');
      if (choice === null) throw new Error('no clarification in this thread');
      return choice.clarificationId;
    },
    stop: () => slack.stop(),
  };
}
