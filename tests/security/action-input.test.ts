import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formValues } from '@/lib/actions/form-values';
import { safeReturnTo } from '@/lib/auth/actions/return-to';
import { parseAuditQuery } from '@/lib/observability/audit-trail';
import { parseHistoryFilters } from '@/lib/payments/history-query';
import { isReadableText, maxInputDepth, unreadableTextPaths } from '@/lib/security/plain-text';

describe('text an action refuses before it parses', () => {
  it('names the path of every string with a NUL or a lone surrogate', () => {
    const input = {
      payment: { remittanceInformationUnstructured: 'a\u0000b', creditorName: 'Jón' },
      rows: ['fine', '\uD800', '😀'],
      displayName: 'x\uDC00',
    };
    expect(unreadableTextPaths(input)).toEqual([
      'payment.remittanceInformationUnstructured',
      'rows.1',
      'displayName',
    ]);
  });

  it('refuses input nested deeper than any form at the depth it passes, and reads nothing under it', () => {
    // A body of a few kilobytes, sent straight to an action: it ran the check out of stack (a 500), and each
    // level copied the path above it.
    let nested: unknown = 'x\u0000';
    for (let level = 0; level < 20_000; level += 1) nested = [nested];
    const paths = unreadableTextPaths({ payment: nested });
    expect(paths).toHaveLength(1);
    expect(paths[0]?.split('.')).toHaveLength(maxInputDepth);
    expect(unreadableTextPaths({ payment: { payments: [{ creditorAccount: { iban: 'IS14' } }] } })).toEqual(
      [],
    );
  });

  it('lets every well-formed text without NUL through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!text.includes('\u0000'));
        expect(isReadableText(text)).toBe(true);
      }),
    );
  });

  it('refuses every string holding a lone surrogate', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string(), (a, code, b) => {
        const text = `${a.replace(/[\uD800-\uDFFF]/g, '')}${String.fromCharCode(code)}x${b.replace(/[\uD800-\uDFFF]/g, '')}`;
        expect(isReadableText(text)).toBe(false);
      }),
    );
  });
});

describe('a form as an action reads it', () => {
  it('keeps the first string of each field and leaves out files and Next.js fields', () => {
    const form = new FormData();
    form.append('email', 'a@b.is');
    form.append('email', 'second@b.is');
    form.append('$ACTION_ID_abc', '');
    form.append('upload', new Blob(['x']), 'x.txt');
    expect(formValues(form)).toEqual({ email: 'a@b.is' });
  });
});

describe('where sign-in may send the browser', () => {
  it('keeps a path of this site, with everything above ASCII percent-encoded', () => {
    expect(safeReturnTo('/payments?status=ACSC', 'en')).toBe('/payments?status=ACSC');
    expect(safeReturnTo('/bills/Reikningur-Ā', 'is')).toBe('/bills/Reikningur-%C4%80');
    expect(safeReturnTo('/x\uD800', 'is')).toBe('/x%EF%BF%BD');
  });

  it('falls back to the payments list for anything else', () => {
    for (const value of [
      '//evil.example',
      '/.//evil.example',
      '/x/..//evil.example',
      '/\\evil',
      'https://evil.example',
      '/a\nb',
      undefined,
      7,
    ]) {
      expect(safeReturnTo(value, 'en')).toBe('/en/payments');
    }
  });

  it('always answers a path of this site that a Location header can carry', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const path = safeReturnTo(`/${value}`, 'is');
        expect(path).toMatch(/^[\x21-\x7e]*$/);
        // Never another site to a browser: a path, not "//host".
        expect(path).toMatch(/^\/(?!\/)/);
      }),
    );
  });
});

describe('the payment list filters in the address', () => {
  it('keep what is valid and name what is not: impossible dates, year zero, unreadable text', () => {
    expect(
      parseHistoryFilters({ status: 'ACSC', from: '2024-02-30', to: '0000-01-01', q: 'a\u0000b' }),
    ).toEqual({ filters: { status: 'ACSC' }, invalid: ['from', 'to', 'q'] });
    expect(parseHistoryFilters({ from: '2024-02-29', to: ['2024-03-31', 'x'] })).toEqual({
      filters: { from: '2024-02-29', to: '2024-03-31' },
      invalid: [],
    });
  });

  it('read a day as the filter form takes it typed, day first, and as a link writes it', () => {
    expect(parseHistoryFilters({ from: '1.3.2024', to: '31.03.2024' })).toEqual({
      filters: { from: '2024-03-01', to: '2024-03-31' },
      invalid: [],
    });
    expect(parseHistoryFilters({ from: '30.02.2024', to: '03/31/2024' }).invalid).toEqual(['from', 'to']);
    expect(parseHistoryFilters({ from: '31.12.1899' }).invalid).toEqual(['from']);
    // The operators' audit trail reads its days so too.
    expect(parseAuditQuery({ from: '1.3.2024', to: '30.02.2024' })).toEqual({
      query: { from: '2024-03-01' },
      invalid: ['to'],
    });
  });

  it('never throw, whatever the address holds, and pass only days that exist', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('status', 'from', 'to', 'q', 'after', 'x'),
          fc.string({ unit: 'binary' }),
        ),
        (query) => {
          const { filters } = parseHistoryFilters(query);
          for (const day of [filters.from, filters.to]) {
            if (day) expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
          }
        },
      ),
    );
  });
});
