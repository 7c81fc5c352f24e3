import { randomBytes } from 'node:crypto';

/** A plain JSON activity as Teams posts it to the bot; the fields tests read most are typed. */
export type TeamsActivity = Record<string, unknown> & {
  type: 'message';
  id: string;
  channelId: 'msteams';
  serviceUrl: string;
  conversation: {
    id: string;
    conversationType: 'channel' | 'personal';
    tenantId: string;
    isGroup?: boolean;
  };
};

/** Who sends the activity to which bot. */
type Parties = {
  serviceUrl: string;
  /** The bot's Microsoft App ID; its Teams id is `28:<botId>`. */
  botId: string;
  /** 'Clarify' by default. */
  botName?: string;
  /** The sender's AAD object id; their Teams id is `29:<userId>`. */
  userId: string;
  /** 'Test User' by default. */
  userName?: string;
  tenantId: string;
};

/** A team channel, and the thread when the activity is in one. */
type ChannelPlace = {
  teamId: string;
  /** The Teams channel id, e.g. `19:abc@thread.tacv2`. */
  channelId: string;
  /** The thread's root message id; the activity starts a new thread without one. */
  replyToRoot?: string;
};

export type ChannelMentionFields = Parties &
  ChannelPlace & {
    /** The text after the `<at>` mention. */
    text: string;
    /** A fresh id by default. */
    messageId?: string;
  };

export type PersonalMessageFields = Parties & {
  text: string;
  /** A fresh `a:1personal…` id by default; reuse one to continue a chat. */
  conversationId?: string;
};

export type CardSubmitFields = Parties & {
  /** The id of the activity holding the card. */
  replyToId: string;
  /** The card's inputs and the action's `data`, merged, as Action.Submit sends them. */
  value: Record<string, unknown>;
} & (
    | ({ conversationType: 'channel' } & ChannelPlace)
    | { conversationType: 'personal'; conversationId?: string }
  );

let count = 0;

/** Unique enough across test files run in parallel: a counter and random hex. */
function freshId(prefix: string): string {
  return `${prefix}${++count}-${randomBytes(4).toString('hex')}`;
}

/** A channel message that @mentions the bot: `<at>botName</at> text`, with the mention entity. */
export function channelMention(fields: ChannelMentionFields): TeamsActivity {
  const botName = fields.botName ?? defaultBotName;
  const id = fields.messageId ?? freshId('msg-');
  const mention = `<at>${botName}</at>`;
  return {
    ...base(fields, id, channelConversation(fields, id)),
    text: `${mention} ${fields.text}`,
    textFormat: 'plain',
    entities: [
      { type: 'mention', mentioned: { id: `28:${fields.botId}`, name: botName }, text: mention },
    ],
    channelData: channelData(fields),
    ...(fields.replyToRoot === undefined ? {} : { replyToId: fields.replyToRoot }),
  };
}

/** A message in the user's 1:1 chat with the bot; no mention. */
export function personalMessage(fields: PersonalMessageFields): TeamsActivity {
  const conversation = personalConversation(fields.tenantId, fields.conversationId);
  return {
    ...base(fields, freshId('msg-'), conversation),
    text: fields.text,
    textFormat: 'plain',
    channelData: { tenant: { id: fields.tenantId } },
  };
}

/** The `message` with `value` and no text that an Adaptive Card's Action.Submit sends. */
export function cardSubmit(fields: CardSubmitFields): TeamsActivity {
  const id = freshId('msg-');
  const isChannel = fields.conversationType === 'channel';
  const conversation = isChannel
    ? channelConversation({ ...fields, replyToRoot: fields.replyToRoot ?? fields.replyToId }, id)
    : personalConversation(fields.tenantId, fields.conversationId);
  const place = isChannel ? channelData(fields) : { tenant: { id: fields.tenantId } };
  return {
    ...base(fields, id, conversation),
    replyToId: fields.replyToId,
    value: fields.value,
    channelData: {
      ...place,
      source: { name: 'message' },
      legacy: { replyToId: fields.replyToId },
    },
  };
}

const defaultBotName = 'Clarify';

function base(fields: Parties, id: string, conversation: TeamsActivity['conversation']) {
  return {
    type: 'message' as const,
    channelId: 'msteams' as const,
    id,
    timestamp: new Date().toISOString(),
    serviceUrl: fields.serviceUrl,
    from: {
      id: `29:${fields.userId}`,
      name: fields.userName ?? 'Test User',
      aadObjectId: fields.userId,
    },
    recipient: { id: `28:${fields.botId}`, name: fields.botName ?? defaultBotName },
    conversation,
  };
}

function channelConversation(
  fields: ChannelPlace & { tenantId: string },
  id: string,
): TeamsActivity['conversation'] {
  return {
    id: `${fields.channelId};messageid=${fields.replyToRoot ?? id}`,
    conversationType: 'channel',
    isGroup: true,
    tenantId: fields.tenantId,
  };
}

function personalConversation(
  tenantId: string,
  conversationId: string | undefined,
): TeamsActivity['conversation'] {
  return {
    id: conversationId ?? freshId('a:1personal-'),
    conversationType: 'personal',
    tenantId,
  };
}

function channelData(fields: ChannelPlace & { tenantId: string }): Record<string, unknown> {
  return {
    teamsChannelId: fields.channelId,
    teamsTeamId: fields.teamId,
    channel: { id: fields.channelId },
    team: { id: fields.teamId },
    tenant: { id: fields.tenantId },
  };
}
