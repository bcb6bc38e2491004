import { z } from 'zod';
import { type BankNote, bankNotes, boundedBankText } from './bank-text';
import { resolveLink } from './links';

const methodSchema = z.object({
  authenticationType: z.string(),
  authenticationMethodId: z.string().min(1).max(35),
  name: z.string().nullish(),
  explanation: z.string().nullish(),
});

// Spec part 8: a challenge image is a PNG of at most 512 KB; in base64, at most this many characters.
const maxImageBase64 = Math.ceil((512 * 1024) / 3) * 4;

/**
 * Spec 2.5 ChallengeData: every member nullable, each read on its own. One outside its type (an image
 * over the spec's 512 KB, an OTP length beyond int32) is left out, never the answer that carries it; an
 * OTP length of 0 or less bounds no field, and is left out too.
 */
const challengeSchema = z.object({
  image: z.string().max(maxImageBase64).nullish().catch(undefined),
  data: z.array(z.string()).nullish().catch(undefined),
  imageLink: z.string().nullish().catch(undefined),
  otpMaxLength: z
    .number()
    .int()
    .min(-2147483648)
    .max(2147483647)
    .nullish()
    .catch(undefined)
    .transform((length) => (length != null && length > 0 ? length : undefined)),
  otpFormat: z.enum(['characters', 'integer']).nullish().catch(undefined),
  additionalInformation: z.string().nullish().catch(undefined),
});

/** The challenge as we keep it: the bank's text bounded, and `imageLink` drawn as `image` where it could be read. */
export type ChallengeData = Omit<
  z.infer<typeof challengeSchema>,
  'additionalInformation' | 'otpMaxLength'
> & {
  otpMaxLength?: number;
  additionalInformation?: string;
};

const linkEntry = z.object({ href: z.string().nullish() });

/** `_links` as a map of name to link: an entry that is no link (null, an href that is no string) is left out. */
const lenientLinksSchema = z.record(z.string(), z.unknown()).transform((entries) => {
  const links: Record<string, z.infer<typeof linkEntry>> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const parsed = linkEntry.safeParse(entry);
    if (parsed.success) links[name] = parsed.data;
  }
  return links;
});

/**
 * The SCA members of an initiation or authorisation answer (BG IG; spec 2.5), each read on its own: one outside its
 * type is left out, never the answer that carries it (which names a payment the bank holds); a method outside
 * AuthenticationObject is left out of the methods, the others kept.
 */
export const scaFieldsSchema = z.object({
  _links: lenientLinksSchema.nullish().catch(undefined),
  scaStatus: z.string().nullish().catch(undefined),
  authorisationId: z.string().nullish().catch(undefined),
  scaMethods: z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((methods) => {
      const usable = methods?.flatMap((method) => {
        const parsed = methodSchema.safeParse(method);
        return parsed.success ? [parsed.data] : [];
      });
      return usable?.length ? usable : undefined;
    }),
  // "An object with no defined properties" in our spec (2.5); IOBWS 3.2 gives it a method's `name` and
  // `explanation`, read where given, and nothing else of it.
  chosenScaMethod: z
    .object({
      name: z.string().nullish().catch(undefined),
      explanation: z.string().nullish().catch(undefined),
    })
    .nullish()
    .catch(undefined),
  challengeData: challengeSchema.nullish().catch(undefined),
  // Read leniently and bounded when kept: a long text must not lose the answer it came with.
  psuMessage: z.string().nullish().catch(undefined),
  tppMessages: z.array(z.unknown()).nullish().catch(undefined),
});

export type ScaMethod = z.infer<typeof methodSchema>;

export interface ScaAnswer {
  links: Record<string, string>;
  scaStatus?: string;
  scaMethods?: ScaMethod[];
  /** The method the bank chose, where it names it (IOBWS 3.2 `chosenScaMethod`): its words, bounded. */
  chosenScaMethod?: { name?: string; explanation?: string };
  challengeData?: ChallengeData;
  /** Spec 2.5: "text to show to the PSU", bounded (lib/bank/bank-text.ts). */
  psuMessage?: string;
  /** WARNING messages of the answer (spec part 7), their texts bounded. */
  notes?: BankNote[];
  /**
   * Links that ask the TPP for a step this app does not take (an encrypted PSU authentication, a misspelt name such
   * as IOBWS 3.2's example `startAuthenticationWithPsuAuthentication`): named, so that the PSU is told the bank asks
   * for something this app cannot do, rather than shown a payment waiting for nothing.
   */
  unusableLinks?: string[];
}

/** The links of an SCA answer the app follows (lib/payments/sca.ts), and those that point at a resource. */
const TAKEN_LINKS = new Set([
  'scaRedirect',
  'scaOAuth',
  'confirmation',
  'startAuthorisation',
  'startAuthorisationWithPsuIdentification',
  'startAuthorisationWithPsuAuthentication',
  'startAuthorisationWithAuthenticationMethodSelection',
  'startAuthorisationWithTransactionAuthorisation',
  'updatePsuAuthentication',
  'selectAuthenticationMethod',
  'authoriseTransaction',
  'confirmIobwsStraightThroughProcessingAuthorisation',
]);
/** A link that asks the TPP to do something (BG IG 5.x link names), as opposed to one that names a resource. */
const ACTION_LINK = /^(sca(Redirect|OAuth)|confirm|start|update|select|authori[sz]e)/;

/** The method the bank chose, where it names it or explains it: its words bounded (lib/bank/bank-text.ts). */
function chosenMethodOf(
  chosen: z.infer<typeof scaFieldsSchema>['chosenScaMethod'],
): Pick<ScaAnswer, 'chosenScaMethod'> {
  const name = boundedBankText(chosen?.name);
  const explanation = boundedBankText(chosen?.explanation);
  if (!name && !explanation) return {};
  return { chosenScaMethod: { ...(name ? { name } : {}), ...(explanation ? { explanation } : {}) } };
}

/** Links may be relative to the bank's base; we keep them absolute, and drop the empty ones. */
export function toScaAnswer(body: Partial<z.infer<typeof scaFieldsSchema>>): ScaAnswer {
  const links: Record<string, string> = {};
  for (const [name, link] of Object.entries(body._links ?? {})) {
    const resolved = resolveLink(link.href);
    if (resolved) links[name] = resolved;
  }
  const notes = bankNotes(body.tppMessages);
  const challenge = body.challengeData;
  const unusable = Object.keys(links).filter((name) => ACTION_LINK.test(name) && !TAKEN_LINKS.has(name));
  return {
    links,
    scaStatus: body.scaStatus ?? undefined,
    // The bank's words for each method, fit to show (lib/bank/bank-text.ts); an empty one is none.
    scaMethods: body.scaMethods?.map(({ name, explanation, ...method }) => {
      const shownName = boundedBankText(name);
      const shownExplanation = boundedBankText(explanation);
      return {
        ...method,
        ...(shownName ? { name: shownName } : {}),
        ...(shownExplanation ? { explanation: shownExplanation } : {}),
      };
    }),
    ...chosenMethodOf(body.chosenScaMethod),
    challengeData: challenge
      ? { ...challenge, additionalInformation: boundedBankText(challenge.additionalInformation) }
      : undefined,
    psuMessage: boundedBankText(body.psuMessage),
    ...(notes.length ? { notes } : {}),
    ...(unusable.length ? { unusableLinks: unusable } : {}),
  };
}
