import { Address6 } from 'ip-address';
import { settings } from '@/lib/config';

/**
 * The client's address, the one function every limit and `PSU-IP-Address` read it through.
 *
 * With no trusted proxy (TRUSTED_PROXY_COUNT=0) the app's own server (scripts/app-server.mjs) writes
 * `X-Forwarded-For` from the socket on every request, over whatever the client sent, so the last
 * entry is the socket's address. Behind `trustedProxies` proxies that each append the address they
 * saw, the client is that many entries from the right; anything further left was written by the
 * client and is never read.
 */
export function clientAddress(
  headers: Pick<Headers, 'get'>,
  trustedProxies = settings().TRUSTED_PROXY_COUNT,
): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const candidate = entries[entries.length - Math.max(trustedProxies, 1)] ?? '';
  const address = candidate.startsWith('::ffff:') ? candidate.slice(7) : candidate;
  // Bounded and plain, as it becomes part of a database key.
  return /^[0-9a-fA-F:.]{2,45}$/.test(address) ? address.toLowerCase() : 'unknown';
}

/**
 * Whom a limit counts for an address: an IPv4 address itself; an IPv6 address by its /64, the block one
 * home or host is given (RFC 6177), where each of its 2^64 addresses is the same client's for the taking.
 * Counted per address, a guesser with one IPv6 network would have a fresh window for every guess.
 */
export function limitedAddress(address: string): string {
  if (!address.includes(':') || !Address6.isValid(address)) return address;
  return `${new Address6(`${address}/64`).startAddress().correctForm()}/64`;
}
