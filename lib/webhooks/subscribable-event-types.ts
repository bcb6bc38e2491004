/** The bank's event types a subscription of this app may ask for. */
export const subscribableEventTypes = ['Claim', 'claim.paid'] as const;

export type SubscribableEventType = (typeof subscribableEventTypes)[number];

/** Each type's words, a message of `events.create`: the forms and the page name a subscription's types alike. */
export const eventTypeWords = {
  Claim: 'eventTypeClaim',
  'claim.paid': 'eventTypeClaimPaid',
} as const satisfies Record<SubscribableEventType, string>;

/** A type the bank echoes that the app does not ask for is shown as the bank names it. */
function isSubscribableEventType(type: string): type is SubscribableEventType {
  return (subscribableEventTypes as readonly string[]).includes(type);
}

/** A subscription's types as one phrase in the reader's language: each named by `say`, joined by `list`. */
export function eventTypesInWords(
  types: readonly string[],
  say: (key: (typeof eventTypeWords)[SubscribableEventType]) => string,
  list: (items: string[]) => string,
): string {
  return list(types.map((type) => (isSubscribableEventType(type) ? say(eventTypeWords[type]) : type)));
}
