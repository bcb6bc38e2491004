// Bounds of spec part 2 that a form shows before anything is validated (a character counter).
// The schemas are built from these, so a field and its schema never disagree; there is no zod
// here, since the form pages render before they load the schemas.

/** `remittanceInformationUnstructured` of 2.1 and 2.2, in characters (code points). */
export const REMITTANCE_UNSTRUCTURED_MAX = 140;
/** `remittanceInformationStructured` of 2.2, a single string there, in characters. */
export const PERIODIC_REMITTANCE_STRUCTURED_MAX = 140;
