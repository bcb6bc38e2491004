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
  | 'cannotTake'
  | 'working'
  | 'unexpected',
  string
>;

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
    'cannotTake',
    'working',
  ] as const;
  return {
    ...(Object.fromEntries(keys.map((key) => [key, t(`sca.${key}`)])) as Omit<ScaTexts, 'unexpected'>),
    unexpected: t('bank.unexpected'),
  };
}
