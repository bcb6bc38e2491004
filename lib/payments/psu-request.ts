import { isIPv4 } from 'node:net';

/**
 * The PSU's IPv4 address toward us, as the bank wants it in `PSU-IP-Address`. Where the PSU reached
 * us over IPv6 or from behind an unknown proxy, the spec asks for our own address instead.
 */
export function psuIpAddress(headers: Headers, fallback = '127.0.0.1'): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? headers.get('x-real-ip') ?? '';
  const candidate = forwarded.startsWith('::ffff:') ? forwarded.slice(7) : forwarded;
  return isIPv4(candidate) ? candidate : fallback;
}
