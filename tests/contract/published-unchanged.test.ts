import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The published contracts the tests check the IOBWS banks' traffic against are the files as published
 * (contract/published/README.md), byte for byte: a formatter or a hand that "fixes" one would make the check
 * prove conformance to something no bank publishes.
 */
const PUBLISHED = {
  'IOBWS3.2.yaml': '6d90b23895bc84bf349c15dba257a927a63819965967f020d87f8c1b62e11e1d',
  'IOBWS-Claims3.1.yaml': 'f24bf0650170d9e3b6e8f88924b80a70f174e428d7c3d693e9d0b0e048eb57dd',
  'psd2-api-lean_push_notifications-20190508.yaml':
    'a8e5c903cabb4455e183656ebc45597987ce8a563ff741e1df182e9e8054c4d9',
};

describe('the published contracts', () => {
  it.each(Object.entries(PUBLISHED))('%s is the file as published', (name, sha256) => {
    const bytes = readFileSync(new URL(`../../contract/published/${name}`, import.meta.url));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);
  });
});
