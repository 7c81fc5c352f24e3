import { decodeChoice } from '@clarify/chat';
import { CONTRACT_ASKER, type ChatDriver, type ContractReply } from '@clarify/chat/testing';
import type { KnowledgeBase } from '@clarify/runtime';
import type { StoredTeamsActivity } from '@clarify/testing';
import { cardTexts, chainOf, startTeamsHarness, submitActions } from './teams-harness';

const unescape = (text: string) => text.replace(/\\(.)/g, '$1').replace(/‹/g, '<');
const citationLines = (text: string) => (text.match(/^\\\[\d+\\\]/gm) ?? []).length;

/** A plain message's text. */
function textOf(activity: Record<string, unknown>): string {
  return typeof activity.text === 'string' ? activity.text : '';
}

/** A bot message in Teams, read back as the contract's reply. */
function readReply(activity: Record<string, unknown>): ContractReply {
  const actions = submitActions(activity);
  const texts = cardTexts(activity);
  if (actions.some((action) => /:\d+$/.test(String(action.data.value)))) {
    const options: Array<{ interpretation: string; sources: number }> = [];
    for (const text of texts) {
      const match = /^\*\*\d+\. ([\s\S]*)\*\*$/.exec(text);
      if (match) options.push({ interpretation: unescape(match[1] ?? ''), sources: 0 });
      else if (text.startsWith('**Sources**') && options.length > 0) {
        const last = options.at(-1);
        if (last) last.sources = citationLines(text);
      }
    }
    const titles = actions.map((action) => action.title);
    return {
      kind: 'clarify',
      options,
      answerAll: titles.includes('Answer all'),
      none: titles.includes('None of these'),
    };
  }
  const lists = texts.filter(
    (text) => text.startsWith('**Sources**') || text.startsWith('**Closest matches**'),
  );
  const body = texts.filter((text) => !lists.includes(text) && !text.startsWith('Interpreted as'));
  const text = unescape(body.join('\n'));
  const sources = lists.reduce((sum, list) => sum + citationLines(list), 0);
  if (actions.some((action) => action.data.clarify === 'feedback')) {
    return { kind: 'answer', text, sources, votes: true };
  }
  return { kind: 'no-answer', text: text || textOf(activity), sources };
}

/** The Teams app driven through the contract: mentions and card submits, tokens checked. */
export async function startTeamsDriver(
  kb: KnowledgeBase,
  options: { admins: string[] },
): Promise<ChatDriver> {
  const teams = await startTeamsHarness(kb, { teams: { adminUserIds: options.admins } });
  const clarifications = new Map<string, StoredTeamsActivity>();
  const answers = new Map<string, StoredTeamsActivity>();
  const count = (chain: string) => teams.botActivities(chain).length;
  const read = async (chain: string, index: number) => {
    const stored = await teams.waitForReply(chain, index);
    const reply = readReply(stored.activity);
    if (reply.kind === 'clarify') clarifications.set(chain, stored);
    if (reply.kind === 'answer') answers.set(chain, stored);
    return reply;
  };
  const lastText = (chain: string) => textOf(teams.botActivities(chain).at(-1)?.activity ?? {});
  const submit = async (
    chain: string,
    card: StoredTeamsActivity | undefined,
    data: Record<string, unknown>,
    user?: string,
  ) => {
    if (card === undefined) throw new Error('nothing to click in this thread');
    await teams.submit(card, data, user ? { user } : {});
  };

  return {
    platform: 'teams',
    async ask(text, askOptions = {}) {
      const root = askOptions.thread?.split(';messageid=')[1];
      const before = askOptions.thread ? count(askOptions.thread) : 0;
      const { activity } = await teams.mention(text, {
        user: CONTRACT_ASKER,
        ...(root && { root }),
      });
      const chain = askOptions.thread ?? chainOf(activity.id);
      return { thread: chain, reply: await read(chain, before) };
    },
    async choose(chain, option) {
      const card = clarifications.get(chain);
      const title =
        option === 'all' ? 'Answer all' : option === 'none' ? 'None of these' : undefined;
      const action = submitActions(card?.activity ?? {}).find((candidate, index) =>
        title ? candidate.title === title : index === Number(option) - 1,
      );
      const before = count(chain);
      await submit(chain, card, action?.data ?? {});
      return read(chain, before);
    },
    async click(chain, value, user) {
      await submit(chain, clarifications.get(chain), { clarify: 'choose', value }, user);
      await teams.app.idle();
      return lastText(chain);
    },
    async vote(chain, rating) {
      const answer = answers.get(chain);
      const vote = submitActions(answer?.activity ?? {}).find(
        (action) => action.data.rating === rating,
      );
      await submit(chain, answer, vote?.data ?? {});
      await teams.app.idle();
      return lastText(chain);
    },
    async admin(text, user) {
      const { activity } = await teams.mention(text, { user });
      await teams.app.idle();
      return teams
        .botActivities(chainOf(activity.id))
        .map((stored) => String(stored.activity.text));
    },
    clarificationOf(chain) {
      const [first] = submitActions(clarifications.get(chain)?.activity ?? {});
      const value = first?.data.value;
      const choice = decodeChoice(typeof value === 'string' ? value : '');
      if (choice === null) throw new Error('no clarification in this thread');
      return choice.clarificationId;
    },
    stop: () => teams.stop(),
  };
}
