import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMalformedReply } from '@/lib/security/action-reply';

// React's reply encoder, as the browser's scripts call a server action with it (Next's own copy, untyped).
const { encodeReply } = createRequire(import.meta.url)(
  'next/dist/compiled/react-server-dom-turbopack/client.node',
) as { encodeReply: (args: unknown[]) => Promise<string | FormData> };

/** The check the proxy makes of a body as the encoder gives it: text alone, or a form whose field "0" is the root. */
function malformed(body: string | FormData): boolean {
  if (typeof body === 'string') return isMalformedReply(body, (id) => id === 0);
  const root = body.get('0');
  return typeof root !== 'string' || isMalformedReply(root, (id) => body.has(String(id)));
}

const argument = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string().map((text) => `$${text}`),
  fc.date({ noInvalidDate: true }),
  fc.bigInt(),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0),
);

describe("a server action's body", () => {
  it("is an action call whenever React's encoder wrote it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(argument, { maxLength: 4 }), async (args) => {
        expect(malformed(await encodeReply(args))).toBe(false);
      }),
    );
  });

  it('is one with a form, a promise or the same object twice', async () => {
    const form = new FormData();
    form.set('email', 'anna@example.is');
    const same = { amount: '10' };
    expect(malformed(await encodeReply([null, form]))).toBe(false);
    expect(malformed(await encodeReply([Promise.resolve('x')]))).toBe(false);
    expect(malformed(await encodeReply([same, { again: same }]))).toBe(false);
  });

  it.each([
    ['a lone "$"', '["$"]'],
    ['"$" and no id', '["$)v@+"]'],
    ['a part the body lacks', '["$1"]'],
    ['a promise the body lacks', '[{"a":["$@2"]}]'],
    ['a map the body lacks', '["$Q3:x"]'],
    ['no list', '{"0":1}'],
    ['no JSON', '['],
  ])('is malformed with %s', (_, body) => {
    expect(isMalformedReply(body, (id) => id === 0)).toBe(true);
  });

  it('is malformed where a form refers to a field it lacks, or has no root', () => {
    const form = new FormData();
    form.set('0', '["$@1"]');
    expect(malformed(form)).toBe(true);
    form.set('1', '"x"');
    expect(malformed(form)).toBe(false);
    const rootless = new FormData();
    rootless.set('_1_email', 'x');
    expect(malformed(rootless)).toBe(true);
  });
});
