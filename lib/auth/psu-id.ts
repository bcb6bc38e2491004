import { settings } from '@/lib/config';
import type { Db } from '@/lib/db';
import { linkedKennitala } from './identity';

/**
 * The `PSU-ID` header value for a request to the bank on this PSU's behalf: their kennitala as an
 * identity provider verified it, when the operator has turned `BANK_SEND_PSU_ID` on; otherwise
 * undefined, and the header is left out.
 */
export async function psuIdHeaderFor(psuId: string, db?: Db): Promise<string | undefined> {
  if (!settings().BANK_SEND_PSU_ID) return undefined;
  return (await linkedKennitala(psuId, db)) ?? undefined;
}
