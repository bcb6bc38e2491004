/** The languages of the bank's SCA pages and PSU texts. */
export type Language = 'is' | 'en';

/**
 * `PSU-Accept-Language` read as the HTTP language header it forwards (RFC 9110 12.5.4, `Accept-Language`): a
 * list of language ranges with optional weights. The range of highest weight whose primary subtag is `is` or
 * `en` decides, in any case and with any region (`IS`, `is-IS`, `is;q=0.9, en;q=0.8`); ties keep the order
 * sent. Empty, only unknown languages, `*` or an unreadable value: `en` (spec part 4: "default en when
 * empty"). The header is never a reason to refuse a request.
 */
export function psuLanguage(header: string | null | undefined): Language {
  const ranges: Array<{ language: Language; weight: number; position: number }> = [];
  for (const [position, part] of (header ?? '').split(',').entries()) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'is' && primary !== 'en') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!(weight > 0) || weight > 1) continue;
    ranges.push({ language: primary, weight, position });
  }
  ranges.sort((a, b) => b.weight - a.weight || a.position - b.position);
  return ranges[0]?.language ?? 'en';
}
