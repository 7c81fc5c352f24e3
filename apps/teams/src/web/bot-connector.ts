import { TurnContext, type Activity, type ConversationReference } from 'botbuilder';
import {
  AuthenticationConstants,
  ClaimsIdentity,
  type BotFrameworkAuthentication,
  type ConnectorClient,
} from 'botframework-connector';
import type { TeamsMessage } from '../render/adaptive-card';
import type { TeamsConnector } from '../teams-platform';
import { withRetries, type RetryPolicy } from './with-retries';

/** Connector clients kept, one per Bot Connector service URL (a handful per region). */
const MAX_CLIENTS = 64;

/**
 * The app's proactive calls to the Bot Connector: sends into a conversation (a reply in the
 * reference's reply chain when it has an activity id) and updates, with retries. One connector
 * client per service URL, made once through botbuilder's authentication (its credentials fetch
 * and renew their own tokens), as botbuilder's adapters cache theirs: building a client and a
 * turn per call (`continueConversationAsync`) cost about 5 ms of CPU each under load.
 */
export function createBotConnector(options: {
  authentication: BotFrameworkAuthentication;
  appId: string;
  policy: RetryPolicy;
}): TeamsConnector {
  const { appId, policy } = options;
  // The identity botbuilder gives proactive turns: the bot as audience and caller.
  const factory = options.authentication.createConnectorFactory(
    new ClaimsIdentity([
      { type: AuthenticationConstants.AudienceClaim, value: appId },
      { type: AuthenticationConstants.AppIdClaim, value: appId },
    ]),
  );
  const clients = new Map<string, Promise<ConnectorClient>>();
  function clientFor(serviceUrl: string): Promise<ConnectorClient> {
    const known = clients.get(serviceUrl);
    if (known !== undefined) return known;
    const made = factory.create(serviceUrl);
    made.catch(() => clients.delete(serviceUrl));
    clients.set(serviceUrl, made);
    if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value ?? '');
    return made;
  }
  /** The message addressed as the reference says, with where it goes. */
  function addressed(
    reference: Partial<ConversationReference>,
    message: TeamsMessage | { type: 'typing' },
  ): { activity: Partial<Activity>; conversationId: string; serviceUrl: string } {
    const activity = TurnContext.applyConversationReference({ ...message }, reference);
    const conversationId = activity.conversation?.id;
    const serviceUrl = activity.serviceUrl;
    if (!conversationId || !serviceUrl) {
      throw new Error('the conversation reference has no conversation id or service URL');
    }
    return { activity, conversationId, serviceUrl };
  }
  return {
    async send(reference, message) {
      const { activity, conversationId, serviceUrl } = addressed(reference, message);
      const client = await clientFor(serviceUrl);
      const { replyToId } = activity;
      const response = await withRetries(policy, () =>
        replyToId
          ? client.conversations.replyToActivity(conversationId, replyToId, activity)
          : client.conversations.sendToConversation(conversationId, activity),
      );
      return response.id ?? '';
    },
    async update(reference, activityId, message) {
      const { activity, conversationId, serviceUrl } = addressed(reference, message);
      const client = await clientFor(serviceUrl);
      await withRetries(policy, () =>
        client.conversations.updateActivity(conversationId, activityId, {
          ...activity,
          id: activityId,
        }),
      );
    },
  };
}
