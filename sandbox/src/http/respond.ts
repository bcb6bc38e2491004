import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Success answers in JSON or XML, chosen from `Accept` (spec 4.1: "application/json or application/xml").
 * JSON when Accept is absent, `*\/*`, `application/*` or prefers JSON; XML when it prefers `application/xml`
 * or `text/xml`; 406 without a body when it accepts neither.
 */
export function preferredFormat(accept: string | undefined): 'json' | 'xml' | null {
  if (!accept || accept.trim() === '') return 'json';
  let best: { format: 'json' | 'xml'; q: number } | null = null;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const format =
      type === 'application/json' || type.endsWith('+json') || type === '*/*' || type === 'application/*'
        ? 'json'
        : type === 'application/xml' || type === 'text/xml'
          ? 'xml'
          : null;
    if (format && (!best || q > best.q)) best = { format, q };
  }
  return best?.format ?? null;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function element(name: string, value: unknown): string {
  if (value === null || value === undefined) return `<${name}/>`;
  if (Array.isArray(value)) return `<${name}>${value.map((v) => element('item', v)).join('')}</${name}>`;
  if (typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => element(/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(k) ? k : 'entry', v))
      .join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** The JSON body as XML: object members become elements, array items `<item>` elements, under `<root>`. */
export function toXml(body: unknown, root = 'response'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, body)}`;
}

export function respond(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  const format = preferredFormat(c.req.header('Accept'));
  if (format === null) return c.body(null, 406);
  if (format === 'xml') {
    return c.body(toXml(body), status, { 'Content-Type': 'application/xml; charset=UTF-8' });
  }
  return c.json(body, status);
}
