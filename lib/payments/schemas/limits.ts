// Bounds of spec part 2 that a form shows before anything is validated (a character counter).
// The schemas are built from these, so a field and its schema never disagree; there is no zod
// here, since the form pages render before they load the schemas.

/** `remittanceInformationUnstructured` of 2.1 and 2.2, in characters (code points). */
export const REMITTANCE_UNSTRUCTURED_MAX = 140;
/** `remittanceInformationStructured` of 2.2, a single string there, in characters. */
export const PERIODIC_REMITTANCE_STRUCTURED_MAX = 140;

/**
 * Bounds on what one request may cost, stricter than spec part 2, which sets none: the structured
 * references of one payment (2.1's array, each bulk element's), and the payments of one bulk (2.3).
 * The forms state them; the schemas enforce them.
 */
export const MAX_STRUCTURED_REFERENCES = 10;
export const MAX_BULK_PAYMENTS = 10_000;
