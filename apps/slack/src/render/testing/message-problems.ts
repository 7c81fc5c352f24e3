import type { KnownBlock, MrkdwnObject, SlackMessage } from '../block-kit';
import { blockTextLength } from '../block-kit';
import { slackLimits as limits } from '../slack-limits';

export type MessageRules = {
  /** URIs a `<uri|label>` link may point to. */
  allowedUris: ReadonlySet<string>;
  /** Whether `<@U…>` user mentions are allowed (only in markChosen output). */
  allowMentions?: boolean;
};

const token = /<([^<>]*)>/g;
const broadcast = /@(?:channel|here|everyone)/i;

/** What is wrong with the `<…>` tokens and mentions of one text. */
function textProblems(text: string, where: string, rules: MessageRules): string[] {
  const problems: string[] = [];
  if (text.includes('<!')) problems.push(`${where}: contains <!`);
  if (broadcast.test(text)) problems.push(`${where}: bare broadcast mention`);
  const tokens = [...text.matchAll(token)];
  if (tokens.length !== text.split('<').length - 1) problems.push(`${where}: unmatched <`);
  for (const [whole, inner = ''] of tokens) {
    if (rules.allowMentions && /^@[UW][A-Z0-9]{2,}$/.test(inner)) continue;
    const uri = inner.split('|')[0] ?? '';
    if (!/^https?:\/\//i.test(uri) || !rules.allowedUris.has(uri)) {
      problems.push(`${where}: token ${whole.slice(0, 80)}`);
    }
  }
  return problems;
}

function lengthProblem(text: string, max: number, where: string): string[] {
  if (text.trim() === '') return [`${where}: empty text`];
  return text.length > max ? [`${where}: ${text.length} > ${max} characters`] : [];
}

/** mrkdwn must be verbatim, or Slack would turn bare URLs in the text into links. */
function verbatimProblem(object: MrkdwnObject, where: string): string[] {
  return object.verbatim === true ? [] : [`${where}: mrkdwn not verbatim`];
}

function blockProblems(block: KnownBlock, where: string, rules: MessageRules): string[] {
  switch (block.type) {
    case 'section':
      return [
        ...verbatimProblem(block.text, where),
        ...lengthProblem(block.text.text, limits.sectionText, where),
        ...textProblems(block.text.text, where, rules),
      ];
    case 'context':
      return [
        ...(block.elements.length < 1 || block.elements.length > limits.contextElements
          ? [`${where}: ${block.elements.length} context elements`]
          : []),
        ...block.elements.flatMap((element) => [
          ...verbatimProblem(element, where),
          ...lengthProblem(element.text, limits.contextElementText, where),
          ...textProblems(element.text, where, rules),
        ]),
      ];
    case 'actions':
      return [
        ...(block.elements.length < 1 || block.elements.length > limits.actionsElements
          ? [`${where}: ${block.elements.length} buttons`]
          : []),
        ...block.elements.flatMap((button) => [
          ...lengthProblem(button.text.text, limits.buttonText, `${where} button`),
          ...lengthProblem(button.value, limits.buttonValue, `${where} value`),
          ...textProblems(button.text.text, `${where} button`, { allowedUris: new Set() }),
        ]),
      ];
  }
}

/** Every way `message` breaks a Block Kit limit or lets through a token it should not. */
export function messageProblems(message: SlackMessage, rules: MessageRules): string[] {
  const { blocks } = message;
  const total = blocks.reduce((sum, block) => sum + blockTextLength(block), 0);
  const blockIds = blocks.flatMap((block) => (block.block_id ? [block.block_id] : []));
  const actionIds = blocks.flatMap((block) =>
    block.type === 'actions' ? block.elements.map((button) => button.action_id) : [],
  );
  return [
    ...(blocks.length < 1 || blocks.length > limits.blocksPerMessage
      ? [`${blocks.length} blocks`]
      : []),
    ...(total > limits.messageBlockText ? [`${total} characters of block text`] : []),
    ...(new Set(blockIds).size !== blockIds.length ? ['duplicate block_id'] : []),
    ...(new Set(actionIds).size !== actionIds.length ? ['duplicate action_id'] : []),
    ...lengthProblem(message.text, limits.fallbackText, 'text'),
    ...textProblems(message.text, 'text', { allowedUris: new Set() }),
    ...blocks.flatMap((block, index) => blockProblems(block, `block ${index}`, rules)),
  ];
}
