/** The Slack app's state in Postgres: the conversation layer's stores. */
export { createPgChatStores as createPgSlackStores } from '@clarify/chat';
