/**
 * The client's address as seen by the nearest trusted proxy. Next.js fills `X-Forwarded-For` with
 * the socket's address when a request arrives without one; behind `trustedProxies` proxies that
 * each append, the client is that many entries from the right. With no proxy in front, a client may
 * send its own `X-Forwarded-For`: limits keyed by address are then advisory, which is why sign-in
 * is limited per e-mail address too.
 */
export function clientAddress(headers: Headers, trustedProxies = 0): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const fromRight = Math.max(trustedProxies - 1, 0);
  const candidate = entries[entries.length - 1 - fromRight] ?? entries[0] ?? headers.get('x-real-ip') ?? '';
  const address = candidate.startsWith('::ffff:') ? candidate.slice(7) : candidate;
  // Bounded and plain, as it becomes part of a database key.
  return /^[0-9a-fA-F:.]{2,45}$/.test(address) ? address.toLowerCase() : 'unknown';
}
