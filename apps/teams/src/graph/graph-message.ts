/** A channel message as Microsoft Graph returns it (the fields the history reads). */
export type GraphMessage = {
  id: string;
  replyToId?: string | null;
  messageType?: string;
  createdDateTime?: string;
  deletedDateTime?: string | null;
  from?: {
    user?: { id?: string; displayName?: string } | null;
    application?: { id?: string; displayName?: string } | null;
  } | null;
  body?: { contentType?: string; content?: string };
  mentions?: {
    id?: number;
    mentionText?: string;
    mentioned?: { user?: { id?: string } | null; application?: { id?: string } | null };
  }[];
  attachments?: { contentType?: string; content?: string | null }[];
};

/** Where a reply chain is: the team (its Microsoft 365 group id), channel and root message. */
export type ReplyChainPlace = {
  tenantId: string;
  teamGroupId: string;
  channelId: string;
  rootId: string;
};
