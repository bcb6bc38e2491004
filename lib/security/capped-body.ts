/**
 * A request's body as text, read up to `maxBytes` and no further: undefined for a longer one, whether its
 * Content-Length says so or its stream runs past the limit (the rest is not read). What the bank posts to our
 * callbacks is a few kilobytes; a body that is not is refused before it is held in memory, and before anything
 * checks who sent it.
 */
export async function textUpTo(request: Request, maxBytes: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > maxBytes) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
}
