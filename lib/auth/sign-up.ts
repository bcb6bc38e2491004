import { settings } from '@/lib/config';
import { logger } from '@/lib/log';
import { sendMail } from '@/lib/mail';
import { createPsu } from './accounts';
import { sendVerificationLink } from './email-verification';

/**
 * Sign-up tells nobody whether an address has an account: for a new address it makes the account
 * and mails the link that verifies the address; for one that has an account it changes nothing and
 * mails its owner that someone tried, and how to sign in. Either way a message goes to the address,
 * the same work is done (a password hashed, a row tried, a mail written) and the caller gets the
 * same nothing back. Only the owner of the mailbox learns which it was.
 */

const texts = {
  is: {
    subject: 'Reynt var að stofna aðgang með netfanginu þínu hjá Greiðslu',
    body: (link: string) =>
      `Halló,\n\nEinhver (ef til vill þú) reyndi að stofna nýjan aðgang hjá Greiðslu með þessu netfangi, en aðgangur með því er þegar til. Enginn nýr aðgangur var stofnaður og engu var breytt í aðganginum þínum.\n\nÞú skráir þig inn hér:\n\n${link}\n\nEf þú hefur gleymt lykilorðinu og rafræn skilríki þín eru tengd aðganginum geturðu skráð þig inn með þeim í staðinn.\n\nEf þetta varst ekki þú geturðu hunsað þennan póst.\n`,
  },
  en: {
    subject: 'Someone tried to create an account with your address at Greiðsla',
    body: (link: string) =>
      `Hello,\n\nSomeone (perhaps you) tried to create a new account at Greiðsla with this e-mail address, which has an account already. No new account was made, and nothing in your account has changed.\n\nSign in here:\n\n${link}\n\nIf you have forgotten your password and your electronic ID is linked to the account, sign in with your electronic ID instead.\n\nIf it was not you, you can ignore this message.\n`,
  },
} as const;

export async function signUpPsu(
  input: { email: string; displayName: string; password: string },
  locale: 'is' | 'en',
): Promise<void> {
  const created = await createPsu(input);
  try {
    if (created.ok) {
      logger.info({ psuId: created.psu.id }, 'PSU signed up');
      // The account works at once; its address grants nothing until the link is opened.
      await sendVerificationLink(created.psu.id, locale);
    } else {
      logger.info('sign-up with an address that has an account; its owner is told');
      const link = new URL(`/${locale}/sign-in`, settings().APP_BASE_URL).toString();
      await sendMail({
        to: input.email.toLowerCase(),
        subject: texts[locale].subject,
        text: texts[locale].body(link),
      });
    }
  } catch (error) {
    // The answer stays the same: a verification link can be sent again from the account page.
    logger.warn({ err: error }, 'sign-up mail not sent');
  }
}
