/** The pieces of Adaptive Cards (schema 1.5) the app renders; plain JSON, no SDK type. */
export type CardElement = Record<string, unknown>;

export type AdaptiveCard = {
  type: 'AdaptiveCard';
  $schema: string;
  version: '1.5';
  body: CardElement[];
  msteams: { width: 'Full' };
};

export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

/** A message activity as the app posts or updates it. */
export type TeamsMessage = {
  type: 'message';
  text?: string;
  textFormat?: 'plain' | 'markdown';
  /** What a notification shows for a card. */
  summary?: string;
  attachments?: Array<{ contentType: string; content: AdaptiveCard }>;
};

export function adaptiveCard(body: CardElement[]): AdaptiveCard {
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.5',
    body,
    msteams: { width: 'Full' },
  };
}

export function cardMessage(body: CardElement[], summary: string): TeamsMessage {
  return {
    type: 'message',
    summary,
    attachments: [{ contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: adaptiveCard(body) }],
  };
}

export function textBlock(
  text: string,
  options: {
    weight?: 'Bolder';
    size?: 'Small' | 'Medium';
    subtle?: boolean;
    color?: 'Attention' | 'Good';
  } = {},
): CardElement {
  return {
    type: 'TextBlock',
    text,
    wrap: true,
    ...(options.weight && { weight: options.weight }),
    ...(options.size && { size: options.size }),
    ...(options.subtle && { isSubtle: true }),
    ...(options.color && { color: options.color }),
  };
}

export function container(items: CardElement[], separator = true): CardElement {
  return { type: 'Container', items, separator, spacing: 'Medium' };
}

/** An `Action.Submit` whose data carries only what `clarify` routes by: a verb and opaque ids. */
export function submitAction(title: string, data: Record<string, string>): CardElement {
  return { type: 'Action.Submit', title, data };
}

export function actionSet(actions: CardElement[]): CardElement {
  return { type: 'ActionSet', actions };
}
