import { isIPv4 } from 'node:net';
import { settings } from '@/lib/config';
import { clientAddress } from '@/lib/security/client-address';

/**
 * The PSU's IPv4 address toward us, as the bank wants it in `PSU-IP-Address`: the address the
 * nearest trusted proxy saw (TRUSTED_PROXY_COUNT), never an `X-Forwarded-For` entry the browser
 * could have written itself. Where the PSU reached us over IPv6, the spec asks for our own address
 * (TPP_PUBLIC_IP).
 */
export function psuIpAddress(headers: Headers): string {
  const address = clientAddress(headers, settings().TRUSTED_PROXY_COUNT);
  return isIPv4(address) ? address : settings().TPP_PUBLIC_IP;
}

/**
 * The address to keep on a payment for a later resend without the PSU: theirs, or nothing when what
 * was sent is our own fallback, so that a resend takes TPP_PUBLIC_IP as it stands then.
 */
export function psuIpAddressToKeep(sent: string): string | null {
  return sent === settings().TPP_PUBLIC_IP ? null : sent;
}
