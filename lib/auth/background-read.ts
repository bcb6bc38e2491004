/**
 * The header a page's own background reads carry (a payment's status asked again every few seconds, with no one
 * at the keyboard): they are no activity of the PSU's, so they do not keep a session from lying idle
 * (lib/auth/sessions.ts). Setting it only gives up that extension; it grants nothing.
 */
export const BACKGROUND_READ_HEADER = 'X-Background-Read';
