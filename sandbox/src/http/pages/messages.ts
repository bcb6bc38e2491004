export type Language = 'is' | 'en';

const en = {
  username: 'User ID',
  password: 'Password',
  signIn: 'Sign in',
  wrongCredentials: 'The user ID or password is incorrect. Please try again.',
  wrongAccount: 'This user cannot pay from the payer account. Sign in as the account holder.',
  reviewHeading: 'Confirm payment',
  from: 'From',
  to: 'To',
  amount: 'Amount',
  total: 'Total',
  reference: 'Reference',
  frequency: 'Frequency',
  startDate: 'First payment',
  endDate: 'Last payment',
  paymentDate: 'Payment date',
  claimNumber: 'bill no.',
  asSoonAsPossible: 'As soon as possible',
  payments: 'Payments',
  approve: 'Approve',
  decline: 'Decline',
  cancelApprove: 'Confirm cancellation',
  cancelDecline: 'Keep the payment',
  signedInAs: 'Signed in as',
  alreadyHandled: 'This payment has already been handled. You can close this page.',
  unknown: 'This authorisation link is unknown or no longer valid.',
  expired:
    'This payment was not approved within a day and can no longer be approved. You can close this page.',
  approved: 'Payment approved.',
  declined: 'Payment declined.',
  alreadySigned: 'You have already signed this payment. Another signer must sign it.',
  cancelHeading: 'Confirm cancellation of the payment',
  cancelled: 'Payment cancelled.',
  amountToState: 'Amount to pay',
  amountInvalid: 'Enter the amount to pay, e.g. 15,000 or 1,234.50.',
};

const is: typeof en = {
  username: 'Notandanafn',
  password: 'Lykilorð',
  signIn: 'Skrá inn',
  wrongCredentials: 'Notandanafn eða lykilorð er rangt. Reyndu aftur.',
  wrongAccount:
    'Þessi notandi getur ekki greitt af reikningi greiðanda. Skráðu þig inn sem eigandi reikningsins.',
  reviewHeading: 'Staðfesta greiðslu',
  from: 'Frá',
  to: 'Til',
  amount: 'Upphæð',
  total: 'Samtals',
  reference: 'Skýring',
  frequency: 'Tíðni',
  startDate: 'Fyrsta greiðsla',
  endDate: 'Síðasta greiðsla',
  paymentDate: 'Greiðsludagur',
  claimNumber: 'krafa nr.',
  asSoonAsPossible: 'Sem fyrst',
  payments: 'Greiðslur',
  approve: 'Samþykkja',
  decline: 'Hafna',
  cancelApprove: 'Staðfesta afturköllun',
  cancelDecline: 'Hætta við afturköllun',
  signedInAs: 'Innskráð sem',
  alreadyHandled: 'Þessi greiðsla hefur þegar verið afgreidd. Þú getur lokað síðunni.',
  unknown: 'Þessi heimildarhlekkur er óþekktur eða ekki lengur gildur.',
  expired:
    'Þessi greiðsla var ekki samþykkt innan sólarhrings og er ekki lengur hægt að samþykkja hana. Þú getur lokað síðunni.',
  approved: 'Greiðsla samþykkt.',
  declined: 'Greiðslu hafnað.',
  alreadySigned: 'Þú hefur þegar undirritað þessa greiðslu. Annar undirritari þarf að undirrita hana.',
  cancelHeading: 'Staðfesta afturköllun greiðslu',
  cancelled: 'Greiðsla afturkölluð.',
  amountToState: 'Upphæð til greiðslu',
  amountInvalid: 'Sláðu inn upphæðina sem á að greiða, t.d. 15.000 eða 1.234,50.',
};

export type Messages = typeof en;
export const MESSAGES: Record<Language, Messages> = { en, is };

/**
 * A bank's name as an Icelandic sentence needs it. The sandbox's banks are weak masculine nouns with the definite
 * article ("Norðurbankinn": hjá Norðurbankanum, í appi Norðurbankans); a name of another shape is left as it is.
 */
export interface BankName {
  nominative: string;
  dative: string;
  genitive: string;
}

export function bankName(name: string): BankName {
  const weak = /^(.*bank)inn$/.exec(name);
  if (!weak?.[1]) return { nominative: name, dative: name, genitive: name };
  return { nominative: name, dative: `${weak[1]}anum`, genitive: `${weak[1]}ans` };
}

/** What a bank's pages say with its own name in them. */
export interface BankTexts {
  title: string;
  header: string;
  signInHeading: string;
  /** The sign-in heading where what is confirmed is the cancellation of a payment. */
  cancelSignInHeading: string;
  sandboxNote: string;
}

export function bankTexts(language: Language, name: string): BankTexts {
  const forms = bankName(name);
  return language === 'is'
    ? {
        title: `${forms.nominative} – staðfesta greiðslu`,
        header: forms.nominative,
        signInHeading: `Skráðu þig inn hjá ${forms.dative} til að staðfesta greiðsluna`,
        cancelSignInHeading: `Skráðu þig inn hjá ${forms.dative} til að staðfesta afturköllunina`,
        sandboxNote: `${forms.nominative} er sandkassabanki. Engir raunverulegir peningar eru færðir.`,
      }
    : {
        title: `${name} – confirm payment`,
        header: name,
        signInHeading: `Sign in to ${name} to confirm the payment`,
        cancelSignInHeading: `Sign in to ${name} to confirm the cancellation`,
        sandboxNote: `${name} is a sandbox bank. No real money is moved.`,
      };
}

/** Payment spec 2.4 FrequencyCode in words. */
const FREQUENCIES: Record<Language, Record<string, string>> = {
  is: {
    Daily: 'Daglega',
    Weekly: 'Vikulega',
    EveryTwoWeeks: 'Á tveggja vikna fresti',
    Monthly: 'Mánaðarlega',
    EveryTwoMonths: 'Á tveggja mánaða fresti',
    Quarterly: 'Ársfjórðungslega',
    SemiAnnual: 'Á hálfs árs fresti',
    Annual: 'Árlega',
  },
  en: {
    Daily: 'Daily',
    Weekly: 'Weekly',
    EveryTwoWeeks: 'Every two weeks',
    Monthly: 'Monthly',
    EveryTwoMonths: 'Every two months',
    Quarterly: 'Quarterly',
    SemiAnnual: 'Every six months',
    Annual: 'Annually',
  },
};

/** A frequency code in words; one the spec does not list (the bank refused it already) as it is. */
export function frequencyWords(language: Language, code: string): string {
  return FREQUENCIES[language][code] ?? code;
}

/** A date (`2026-12-24`, or a date-time) as the language writes it: 24. desember 2026, 24 December 2026. */
export function dateWords(language: Language, value: string): string {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  const date = day ? new Date(`${day}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language === 'is' ? 'is-IS' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
