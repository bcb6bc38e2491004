import type { PaymentService } from '../../db/queries/payments.js';

export type Language = 'is' | 'en';

const en = {
  username: 'User ID',
  password: 'Password',
  signIn: 'Sign in',
  wrongCredentials: 'The user ID or password is incorrect. Please try again.',
  wrongAccount: 'This user cannot pay from the payer account. Sign in as the account holder.',
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
  signedInAs: 'Signed in as',
  unknown: 'This authorisation link is unknown or no longer valid.',
  amountToState: 'Amount to pay',
  amountInvalid: 'Enter the amount to pay, e.g. 15,000 or 1,234.50.',
  notVerified:
    'This request could not be verified, so nothing was approved or declined. Open the confirmation page again and choose there.',
  signInNotVerified:
    'This sign-in could not be verified, so nobody was signed in. Open the confirmation page again and sign in there.',
};

const is: typeof en = {
  username: 'Notandanafn',
  password: 'Lykilorð',
  signIn: 'Skrá inn',
  wrongCredentials: 'Notandanafn eða lykilorð er rangt. Reyndu aftur.',
  wrongAccount:
    'Þessi notandi getur ekki greitt af reikningi greiðanda. Skráðu þig inn sem eigandi reikningsins.',
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
  signedInAs: 'Innskráð sem',
  unknown: 'Þessi staðfestingartengill er óþekktur eða útrunninn.',
  amountToState: 'Upphæð til greiðslu',
  amountInvalid: 'Sláðu inn upphæðina sem á að greiða, t.d. 15.000 eða 1.234,50.',
  notVerified:
    'Ekki tókst að sannreyna beiðnina og því var hvorki samþykkt né hafnað. Opnaðu staðfestingarsíðuna aftur og veldu þar.',
  signInNotVerified:
    'Ekki tókst að sannreyna innskráninguna og því fór engin innskráning fram. Opnaðu staðfestingarsíðuna aftur og skráðu þig inn þar.',
};

export type Messages = typeof en;
export const MESSAGES: Record<Language, Messages> = { en, is };

/** What a page is for: confirming a payment of one of the payment services, or its cancellation. */
export interface Confirmation {
  service: PaymentService;
  cancellation: boolean;
}

/**
 * What the pages say that names the payment, by what customers call it: a bulk payment (fjöldagreiðsla) and a
 * standing order (föst greiðsla) by their own names, not as a payment. Icelandic declines them as each sentence
 * needs ("staðfesta fasta greiðslu", "afturköllun föstu greiðslunnar", "Fastri greiðslu hafnað").
 */
export interface PaymentWords {
  reviewHeading: string;
  cancelHeading: string;
  /** What "to confirm …" confirms, in the sign-in heading. */
  toConfirm: string;
  /** The button of a cancellation's page that lets the payment run on. */
  cancelDecline: string;
  approved: string;
  declined: string;
  cancelled: string;
  alreadyHandled: string;
  expired: string;
  alreadySigned: string;
}

const PAYMENT_WORDS: Record<Language, Record<PaymentService, PaymentWords>> = {
  en: {
    payments: {
      reviewHeading: 'Confirm payment',
      cancelHeading: 'Confirm cancellation of the payment',
      toConfirm: 'the payment',
      cancelDecline: 'Keep the payment',
      approved: 'Payment approved.',
      declined: 'Payment declined.',
      cancelled: 'Payment cancelled.',
      alreadyHandled: 'This payment has already been handled. You can close this page.',
      expired:
        'This payment was not approved within a day and can no longer be approved. You can close this page.',
      alreadySigned: 'You have already signed this payment. Another signer must sign it.',
    },
    'bulk-payments': {
      reviewHeading: 'Confirm bulk payment',
      cancelHeading: 'Confirm cancellation of the bulk payment',
      toConfirm: 'the bulk payment',
      cancelDecline: 'Keep the bulk payment',
      approved: 'Bulk payment approved.',
      declined: 'Bulk payment declined.',
      cancelled: 'Bulk payment cancelled.',
      alreadyHandled: 'This bulk payment has already been handled. You can close this page.',
      expired:
        'This bulk payment was not approved within a day and can no longer be approved. You can close this page.',
      alreadySigned: 'You have already signed this bulk payment. Another signer must sign it.',
    },
    'periodic-payments': {
      reviewHeading: 'Confirm standing order',
      cancelHeading: 'Confirm cancellation of the standing order',
      toConfirm: 'the standing order',
      cancelDecline: 'Keep the standing order',
      approved: 'Standing order approved.',
      declined: 'Standing order declined.',
      cancelled: 'Standing order cancelled.',
      alreadyHandled: 'This standing order has already been handled. You can close this page.',
      expired:
        'This standing order was not approved within a day and can no longer be approved. You can close this page.',
      alreadySigned: 'You have already signed this standing order. Another signer must sign it.',
    },
  },
  is: {
    payments: {
      reviewHeading: 'Staðfesta greiðslu',
      cancelHeading: 'Staðfesta afturköllun greiðslu',
      toConfirm: 'greiðsluna',
      cancelDecline: 'Hætta við afturköllun',
      approved: 'Greiðsla samþykkt.',
      declined: 'Greiðslu hafnað.',
      cancelled: 'Greiðsla afturkölluð.',
      alreadyHandled: 'Þessi greiðsla hefur þegar verið afgreidd. Þú getur lokað síðunni.',
      expired:
        'Þessi greiðsla var ekki samþykkt innan sólarhrings og er ekki lengur hægt að samþykkja hana. Þú getur lokað síðunni.',
      alreadySigned: 'Þú hefur þegar undirritað þessa greiðslu. Annar undirritari þarf að undirrita hana.',
    },
    'bulk-payments': {
      reviewHeading: 'Staðfesta fjöldagreiðslu',
      cancelHeading: 'Staðfesta afturköllun fjöldagreiðslunnar',
      toConfirm: 'fjöldagreiðsluna',
      cancelDecline: 'Hætta við afturköllun',
      approved: 'Fjöldagreiðsla samþykkt.',
      declined: 'Fjöldagreiðslu hafnað.',
      cancelled: 'Fjöldagreiðsla afturkölluð.',
      alreadyHandled: 'Þessi fjöldagreiðsla hefur þegar verið afgreidd. Þú getur lokað síðunni.',
      expired:
        'Þessi fjöldagreiðsla var ekki samþykkt innan sólarhrings og er ekki lengur hægt að samþykkja hana. Þú getur lokað síðunni.',
      alreadySigned:
        'Þú hefur þegar undirritað þessa fjöldagreiðslu. Annar undirritari þarf að undirrita hana.',
    },
    'periodic-payments': {
      reviewHeading: 'Staðfesta fasta greiðslu',
      cancelHeading: 'Staðfesta afturköllun föstu greiðslunnar',
      toConfirm: 'föstu greiðsluna',
      cancelDecline: 'Hætta við afturköllun',
      approved: 'Föst greiðsla samþykkt.',
      declined: 'Fastri greiðslu hafnað.',
      cancelled: 'Föst greiðsla afturkölluð.',
      alreadyHandled: 'Þessi fasta greiðsla hefur þegar verið afgreidd. Þú getur lokað síðunni.',
      expired:
        'Þessi fasta greiðsla var ekki samþykkt innan sólarhrings og er ekki lengur hægt að samþykkja hana. Þú getur lokað síðunni.',
      alreadySigned:
        'Þú hefur þegar undirritað þessa föstu greiðslu. Annar undirritari þarf að undirrita hana.',
    },
  },
};

export function paymentWords(language: Language, service: PaymentService): PaymentWords {
  return PAYMENT_WORDS[language][service];
}

/** The heading of a page confirming `confirmation`: "Staðfesta fjöldagreiðslu", "Confirm cancellation of …". */
export function confirmationHeading(language: Language, confirmation: Confirmation): string {
  const words = paymentWords(language, confirmation.service);
  return confirmation.cancellation ? words.cancelHeading : words.reviewHeading;
}

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
  sandboxNote: string;
}

/**
 * The texts of a page of bank `name` confirming `confirmation`; a page about no payment (a link the bank does not
 * know) is titled as a single payment's.
 */
export function bankTexts(
  language: Language,
  name: string,
  confirmation: Confirmation = { service: 'payments', cancellation: false },
): BankTexts {
  const forms = bankName(name);
  const heading = confirmationHeading(language, confirmation);
  const title = `${language === 'is' ? forms.nominative : name} – ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`;
  const what = paymentWords(language, confirmation.service).toConfirm;
  return language === 'is'
    ? {
        title,
        header: forms.nominative,
        signInHeading: `Skráðu þig inn hjá ${forms.dative} til að staðfesta ${confirmation.cancellation ? 'afturköllunina' : what}`,
        sandboxNote: `${forms.nominative} er sandkassabanki. Engir raunverulegir peningar eru færðir.`,
      }
    : {
        title,
        header: name,
        signInHeading: `Sign in to ${name} to confirm ${confirmation.cancellation ? 'the cancellation' : what}`,
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
