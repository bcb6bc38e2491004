import { z } from 'zod';
import { resolveLink } from './links';

const methodSchema = z.object({
  authenticationType: z.string(),
  authenticationMethodId: z.string().min(1).max(35),
  name: z.string().nullish(),
  explanation: z.string().nullish(),
});

const challengeSchema = z.object({
  image: z.string().max(700_000).nullish(),
  data: z.array(z.string()).nullish(),
  imageLink: z.string().nullish(),
  otpMaxLength: z.number().int().positive().max(64).nullish(),
  otpFormat: z.enum(['characters', 'integer']).nullish(),
  additionalInformation: z.string().nullish(),
});

/** The SCA members of an initiation or authorisation answer (BG IG; spec 2.5). */
export const scaFieldsSchema = z.object({
  _links: z.record(z.string(), z.object({ href: z.string().nullish() })).nullish(),
  scaStatus: z.string().nullish(),
  authorisationId: z.string().nullish(),
  scaMethods: z.array(methodSchema).nullish(),
  chosenScaMethod: methodSchema.partial().nullish(),
  challengeData: challengeSchema.nullish(),
  psuMessage: z.string().max(500).nullish(),
});

export type ScaMethod = z.infer<typeof methodSchema>;
export type ChallengeData = z.infer<typeof challengeSchema>;

export interface ScaAnswer {
  links: Record<string, string>;
  scaStatus?: string;
  scaMethods?: ScaMethod[];
  challengeData?: ChallengeData;
  psuMessage?: string;
}

/** Links may be relative to the bank's base; we keep them absolute, and drop the empty ones. */
export function toScaAnswer(body: z.infer<typeof scaFieldsSchema>): ScaAnswer {
  const links: Record<string, string> = {};
  for (const [name, link] of Object.entries(body._links ?? {})) {
    const resolved = resolveLink(link.href);
    if (resolved) links[name] = resolved;
  }
  return {
    links,
    scaStatus: body.scaStatus ?? undefined,
    scaMethods: body.scaMethods ?? undefined,
    challengeData: body.challengeData ?? undefined,
    psuMessage: body.psuMessage ?? undefined,
  };
}
