/**
 * Event types (spec part 6). Subscriptions take categories (`Claim`, also written `claim.*`) or actions
 * (`claim.paid`, `claim.created`, `claim.overdue`), case-insensitively, and echo them canonically.
 * Only `claim.paid` is ever raised by the sandbox; `claim.created` and `claim.overdue` are defined and may
 * be subscribed to, but nothing raises them yet (as at the bank today).
 */
export const CATEGORIES = { claim: 'Claim' } as const;
export const ACTIONS = ['claim.paid', 'claim.created', 'claim.overdue'] as const;
export type Action = (typeof ACTIONS)[number];
/** Actions the sandbox raises. */
export const DELIVERED_ACTIONS: readonly Action[] = ['claim.paid'];

/** The canonical form of one subscription value, or undefined when it is not a known event type. */
export function canonicalEventType(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  const category = lower.endsWith('.*') ? lower.slice(0, -2) : lower;
  if (category in CATEGORIES) return CATEGORIES[category as keyof typeof CATEGORIES];
  return (ACTIONS as readonly string[]).includes(lower) ? lower : undefined;
}

export function isCategory(canonical: string): boolean {
  return (Object.values(CATEGORIES) as string[]).includes(canonical);
}

function categoryOf(action: string): string | undefined {
  const prefix = action.split('.')[0] ?? '';
  return prefix in CATEGORIES ? CATEGORIES[prefix as keyof typeof CATEGORIES] : undefined;
}

/** Whether a subscription's (canonical) event types select a concrete action. */
export function selects(eventTypes: readonly string[], action: string): boolean {
  return eventTypes.includes(action) || eventTypes.includes(categoryOf(action) ?? '\u0000');
}

/**
 * The action a verify call's `eventType` (a category or an action) sends as its test delivery, or
 * undefined when the subscription does not cover it. For a category: `claim.paid` when the subscription
 * selects it, else the first action of the category the subscription names.
 */
export function verifyAction(eventTypes: readonly string[], canonical: string): string | undefined {
  if (!isCategory(canonical)) return selects(eventTypes, canonical) ? canonical : undefined;
  const actions = ACTIONS.filter((a) => categoryOf(a) === canonical);
  const delivered = actions.find((a) => DELIVERED_ACTIONS.includes(a) && selects(eventTypes, a));
  return delivered ?? actions.find((a) => eventTypes.includes(a));
}
