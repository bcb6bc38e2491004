/**
 * What every server action answers: a value, or what went wrong as message keys that the page
 * turns into the user's language. Expected failures (a wrong password, a refused payment, a field
 * to fix) come back this way; only the unexpected is thrown.
 */
export type ActionResult<Data = null> = ActionSuccess<Data> | ActionFailure;

export interface ActionSuccess<Data> {
  ok: true;
  data: Data;
  /** A message key to confirm what was done, e.g. `account.password.changed`. */
  message?: string;
}

export interface ActionFailure {
  ok: false;
  /** A message key for the whole form, e.g. `account.errors.throttled`. */
  message?: string;
  /** A second message key, the cause behind `message` (the bank's answer behind what it meant for the PSU). */
  reason?: string;
  /** Values of the message, e.g. `{ minutes: 15 }`. */
  messageValues?: Record<string, number>;
  /** Message keys per field, by the field's dotted path (`payment.creditorAccount.iban`). */
  fieldErrors?: Record<string, string[]>;
  /** What was typed, never a password, so that a form sent before the page hydrated keeps it. */
  values?: Record<string, string>;
}

export function success<Data>(data: Data, message?: string): ActionSuccess<Data> {
  return message ? { ok: true, data, message } : { ok: true, data };
}

export function failure(message?: string, more: Omit<ActionFailure, 'ok' | 'message'> = {}): ActionFailure {
  return { ok: false, ...(message ? { message } : {}), ...more };
}
