import type { ScaMethod } from '@/lib/bank/sca-answer';

/** What the SCA panel says (components/payments/sca-panel.tsx), as the page gives it. */
export type ScaTexts = Record<
  | 'title'
  | 'holderTitle'
  | 'oauth'
  | 'chooseMethod'
  | 'chooseMethodSubmit'
  | 'otpSubmit'
  | 'otpMissing'
  | 'otpFormat'
  | 'passwordLabel'
  | 'passwordMissing'
  | 'passwordSubmit'
  | 'confirmText'
  | 'confirmSubmit'
  | 'holderConfirms'
  | 'decoupled'
  | 'anotherSigner'
  | 'anotherSignerSubmit'
  | 'working'
  | 'unexpected'
  | 'methodType.SMS_OTP'
  | 'methodType.CHIP_OTP'
  | 'methodType.PHOTO_OTP'
  | 'methodType.PUSH_OTP'
  | 'methodType.other',
  string
>;

const METHOD_TYPES = ['SMS_OTP', 'CHIP_OTP', 'PHOTO_OTP', 'PUSH_OTP'] as const;

/**
 * What a method the PSU may choose is called (payment spec 2.5 AuthenticationObject): the bank's name for it, else
 * its authenticationType in words; a type the spec does not list is "another way" the bank offers, never its code.
 */
export function methodLabel(
  method: ScaMethod,
  texts: Pick<ScaTexts, `methodType.${(typeof METHOD_TYPES)[number] | 'other'}`>,
): string {
  if (method.name) return method.name;
  const type = METHOD_TYPES.find((known) => known === method.authenticationType);
  return texts[`methodType.${type ?? 'other'}`];
}

/** The SCA panel's texts from a translator of the whole catalogue, on the server: the page carries no translations. */
export function scaTextsOf(t: (key: string) => string): ScaTexts {
  const keys = [
    'title',
    'holderTitle',
    'oauth',
    'chooseMethod',
    'chooseMethodSubmit',
    'otpSubmit',
    'otpMissing',
    'otpFormat',
    'passwordLabel',
    'passwordMissing',
    'passwordSubmit',
    'confirmText',
    'confirmSubmit',
    'holderConfirms',
    'decoupled',
    'anotherSigner',
    'anotherSignerSubmit',
    'working',
    'methodType.SMS_OTP',
    'methodType.CHIP_OTP',
    'methodType.PHOTO_OTP',
    'methodType.PUSH_OTP',
    'methodType.other',
  ] as const;
  return {
    ...(Object.fromEntries(keys.map((key) => [key, t(`sca.${key}`)])) as Omit<ScaTexts, 'unexpected'>),
    unexpected: t('bank.unexpected'),
  };
}
