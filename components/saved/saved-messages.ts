/** What the pages of saved accounts, payees and templates read on the client, with their actions' answers. */
export const SAVED_MESSAGES = ['saved', 'paymentTemplates', 'security', 'auth'];
