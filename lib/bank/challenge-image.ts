import { callBank } from './client';
import { resolveLink } from './links';
import type { ScaAnswer } from './sca-answer';
import { currentBank } from './scope';

/** Spec part 8: "Challenge image | PNG, max 512 kilobyte". */
const maxImageBytes = 512 * 1024;
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function isPng(bytes: Buffer): boolean {
  return bytes.length > pngSignature.length && bytes.subarray(0, pngSignature.length).equals(pngSignature);
}

/**
 * The image behind `challengeData.imageLink` (spec 2.5: "link to the challenge image"), read here and
 * kept as the base64 PNG `image` that the challenge can carry itself, so that the PSU's browser draws it
 * from our page (the page's CSP admits images from itself and data URLs only) and never asks another
 * host. The link is read as any call to the payment interface, with our token, and only where it lies
 * on the bank's host: our server follows no link of an answer to a host we were not set up to call.
 * What is not a PNG of at most 512 KB is not drawn.
 */
async function readImage(link: string): Promise<Buffer | undefined> {
  const url = resolveLink(link);
  if (!url || new URL(url).origin !== new URL(currentBank('payments').urls.payments).origin) return undefined;
  const response = await callBank('payments', {
    method: 'GET',
    url,
    headers: { Accept: 'image/png' },
    binary: true,
  });
  const bytes = response.body;
  return Buffer.isBuffer(bytes) && bytes.length <= maxImageBytes && isPng(bytes) ? bytes : undefined;
}

/** The answer with its challenge image read from `imageLink` where the bank gave a link and no image. */
export async function withChallengeImage(answer: ScaAnswer): Promise<ScaAnswer> {
  const challenge = answer.challengeData;
  if (!challenge?.imageLink || challenge.image) return answer;
  const image = await readImage(challenge.imageLink).catch(() => undefined);
  return image ? { ...answer, challengeData: { ...challenge, image: image.toString('base64') } } : answer;
}
