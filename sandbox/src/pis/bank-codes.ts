/** Bank codes of the sandbox bank: a creditor IBAN with one of these must exist here. */
export const SANDBOX_BANK_CODES = new Set(['0159', '0133', '0515']);
