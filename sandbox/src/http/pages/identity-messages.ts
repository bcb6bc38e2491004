import type { Language } from './messages.js';

/** The texts of the electronic-ID provider's pages. `{host}` is the host of the client's redirect URI. */
const en = {
  /** After the bank's name. */
  title: 'electronic ID',
  header: 'Electronic ID',
  heading: 'Sign in with electronic ID',
  requestedBy: 'The service at {host} asks who you are.',
  sharesProfile: 'It will receive your name and kennitala.',
  sharesEmail: 'It will receive your e-mail address, if you have given one.',
  kennitala: 'Kennitala',
  pin: 'PIN',
  signIn: 'Sign in',
  cancel: 'Cancel',
  wrongCredentials: 'The kennitala or PIN is incorrect. Please try again.',
  expired: 'This sign-in is unknown or has expired. Go back to the service and start again.',
  unknownClient:
    'The service that sent you here is not known to this identity provider. You have not been signed in.',
  unknownRedirect:
    'The service that sent you here gave a return address this identity provider does not know for it. You have not been signed in.',
  notVerified:
    'This sign-in could not be verified, so you have not been signed in. Go back to the service and start again.',
  note: 'This is a sandbox identity provider. No real electronic ID is used.',
};

const is: typeof en = {
  title: 'rafræn skilríki',
  header: 'Rafræn skilríki',
  heading: 'Innskráning með rafrænum skilríkjum',
  requestedBy: 'Þjónustan á {host} biður um að vita hver þú ert.',
  sharesProfile: 'Hún fær nafn þitt og kennitölu.',
  sharesEmail: 'Hún fær netfang þitt, hafir þú skráð það.',
  kennitala: 'Kennitala',
  pin: 'PIN-númer',
  signIn: 'Skrá inn',
  cancel: 'Hætta við',
  wrongCredentials: 'Kennitala eða PIN-númer er rangt. Reyndu aftur.',
  expired: 'Þessi innskráning er óþekkt eða útrunnin. Farðu aftur í þjónustuna og byrjaðu upp á nýtt.',
  unknownClient:
    'Þjónustan sem sendi þig hingað er óþekkt hjá þessari auðkenningarþjónustu. Engin innskráning fór fram.',
  unknownRedirect:
    'Þjónustan sem sendi þig hingað gaf upp slóð til baka sem þessi auðkenningarþjónusta þekkir ekki fyrir hana. Engin innskráning fór fram.',
  notVerified:
    'Ekki tókst að sannreyna innskráninguna og því fór engin innskráning fram. Farðu aftur í þjónustuna og byrjaðu upp á nýtt.',
  note: 'Þetta er auðkenningarþjónusta í sandkassa. Engin raunveruleg rafræn skilríki eru notuð.',
};

export type IdentityMessages = typeof en;
export const IDENTITY_MESSAGES: Record<Language, IdentityMessages> = { en, is };
