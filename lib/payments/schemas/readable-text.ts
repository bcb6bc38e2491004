import { bankTextIssue, textFaults } from '@/lib/security/plain-text';
import { issueMessage, type ValidationKey } from './issue-message';

/** Why a text may not go to the bank as it is, if it may not, as the form says it. */
function textIssue(value: string): ValidationKey | undefined {
  const issue = bankTextIssue(value);
  return issue && (issue === 'unsafe' ? 'validation.unsafeText' : 'validation.noVisibleText');
}

/**
 * Every text of a value (a payment body, a bulk's row, a text of ours beside it) that may not go to the bank as it
 * is: its path, and the form's message for it. The same rule for a whole form and for each row of a bulk's table.
 */
export function unreadableTexts(value: unknown): { path: PropertyKey[]; message: string }[] {
  return textFaults(value, textIssue, 'validation.unsafeText').map(({ path, fault }) => ({
    path,
    message: issueMessage(fault),
  }));
}
