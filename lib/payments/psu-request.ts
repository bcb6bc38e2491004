import { isIPv4 } from 'node:net';
import { settings } from '@/lib/config';
import { clientAddress } from '@/lib/security/client-address';

/**
 * The PSU's IPv4 address toward us, as the bank wants it in `PSU-IP-Address`: the address the
 * nearest trusted proxy saw (TRUSTED_PROXY_COUNT), never an `X-Forwarded-For` entry the browser
 * could have written itself. Where the PSU reached us over IPv6, the spec asks for our own address.
 */
export function psuIpAddress(headers: Headers, fallback = '127.0.0.1'): string {
  const address = clientAddress(headers, settings().TRUSTED_PROXY_COUNT);
  return isIPv4(address) ? address : fallback;
}
