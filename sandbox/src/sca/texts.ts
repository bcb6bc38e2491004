import type { ScaMethod } from '../db/queries/psus.js';
import { sha256Hex } from '../shared/secrets.js';
import { digitsPng } from './png.js';

/** What the bank tells the PSU about SCA, in Icelandic or English: challenges, and messages for the TPP to show. */

/** The one code every OTP method of the sandbox accepts. */
export const DEMO_OTP = '123456';

/** A start code for CHIP_OTP derived from the payment id, as a token's "start code" would be. */
function chipStartCode(paymentId: string): string {
  return String(Number.parseInt(sha256Hex(paymentId).slice(0, 8), 16) % 100_000_000).padStart(8, '0');
}

/** The challengeData of an embedded OTP method. */
export function challengeFor(method: ScaMethod, paymentId: string, language: 'is' | 'en') {
  const sandboxHint =
    language === 'is'
      ? `Sandkassi: kóðinn er alltaf ${DEMO_OTP}.`
      : `Sandbox: the code is always ${DEMO_OTP}.`;
  const base = { otpMaxLength: DEMO_OTP.length, otpFormat: 'integer' as const };
  switch (method.authenticationType) {
    case 'SMS_OTP':
      return {
        ...base,
        additionalInformation: `${language === 'is' ? 'Kóði var sendur með SMS.' : 'A code was sent by SMS.'} ${sandboxHint}`,
      };
    case 'CHIP_OTP':
      return {
        ...base,
        data: [chipStartCode(paymentId)],
        additionalInformation: `${language === 'is' ? 'Sláðu upphafskóðann inn í auðkennislykilinn.' : 'Enter the start code on your token.'} ${sandboxHint}`,
      };
    case 'PHOTO_OTP':
      return {
        ...base,
        image: digitsPng(DEMO_OTP).toString('base64'),
        additionalInformation: `${language === 'is' ? 'Skannaðu myndina með appi bankans.' : 'Scan the image with the bank app.'} ${sandboxHint}`,
      };
    default:
      return base;
  }
}

export function decoupledMessage(language: 'is' | 'en'): string {
  return language === 'is'
    ? 'Samþykktu greiðsluna í appi bankans.'
    : "Please approve the payment in the bank's app.";
}

export function multilevelMessage(language: 'is' | 'en', missing: number): string {
  return language === 'is'
    ? // Icelandic takes the singular after 1, 21, 31, … (but not 11).
      `Greiðslan þarf ${missing} ${missing % 10 === 1 && missing % 100 !== 11 ? 'undirskrift' : 'undirskriftir'} til viðbótar.`
    : `The payment needs ${missing} more signature${missing === 1 ? '' : 's'}.`;
}
