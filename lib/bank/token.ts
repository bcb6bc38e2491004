import { settings } from '@/lib/config';
import { tokenCache } from './token-cache';

/** The TPP's token for the payment interface: client credentials, scope `pis:`. */
const pis = tokenCache('tpp-token', () => {
  const { BANK_CLIENT_ID, BANK_CLIENT_SECRET } = settings();
  return { client_id: BANK_CLIENT_ID, client_secret: BANK_CLIENT_SECRET, scope: 'pis:' };
});

export const tppAccessToken = pis.get;
export const discardTppAccessToken = pis.discard;
