/** The bank's event types a subscription of this app may ask for. */
export const subscribableEventTypes = ['Claim', 'claim.paid'] as const;
