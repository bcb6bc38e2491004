import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';

// Thousands of random bodies and headers to every route handler and every server action: the app
// answers each with a status below 500 and, where it answers JSON, with our own short messages and
// never a stack trace. Bounded: 2,000 requests, 8 at a time.

const TOTAL = 2_000;
const CONCURRENCY = 8;

const manifestDir = path.join(process.cwd(), '.next');
const routes = Object.keys(
  JSON.parse(readFileSync(path.join(manifestDir, 'app-path-routes-manifest.json'), 'utf8')) as Record<
    string,
    string
  >,
)
  .map((key) => key.replace(/\/route$/, ''))
  .filter((route) => route.startsWith('/api/'));
const actionIds = Object.keys(
  (
    JSON.parse(readFileSync(path.join(manifestDir, 'server/server-reference-manifest.json'), 'utf8')) as {
      node: Record<string, unknown>;
    }
  ).node,
);
const actionPages = ['/en/sign-in', '/is/sign-up', '/en/account', '/en/payments/new/single', '/en/payments'];

const segment = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s) || 'x'),
  fc.constantFrom('..', '%2e%2e', '%00', 'null', '0', '-1', 'a'.repeat(300)),
);
const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('', 'null', '../../etc/passwd', '<script>', 't=1,v1=00', 'Bearer x'),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain;charset=UTF-8',
      'multipart/form-data; boundary=xyz',
      'application/x-www-form-urlencoded',
      'application/jose',
      'text/x-component',
    ),
    'x-request-id': fc.oneof(fc.uuid(), headerValue),
    'x-webhook-signature': headerValue,
    accept: fc.constantFrom('*/*', 'application/json', 'text/x-component', 'text/html'),
    'accept-language': fc.constantFrom('is', 'en', 'xx', '*', ''),
    cookie: fc.oneof(
      fc.constant(undefined),
      headerValue.map((v) => `authjs.session-token=${v}`),
    ),
    // A different client address per request: the per-address limits would otherwise turn most of
    // the run into 429s, which are correct answers but test nothing further.
    'x-forwarded-for': fc.ipV4(),
  },
  { requiredKeys: ['content-type', 'x-forwarded-for'] },
);
const body = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 500 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify([value])),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(['$K1', value])),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 6 })
    .map((form) => new URLSearchParams(form).toString()),
  fc
    .dictionary(
      fc.constantFrom('email', 'password', 'locale', 'returnTo', 'kennitala', '1_$ACTION_REF_1', '0'),
      fc.string({ maxLength: 60 }),
    )
    .map(
      (form) =>
        `${Object.entries(form)
          .map(
            ([name, value]) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join('')}--xyz--\r\n`,
    ),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

const routeRequest = fc.record({
  kind: fc.constant('route' as const),
  route: fc.constantFrom(...routes),
  fill: fc.array(segment, { minLength: 3, maxLength: 3 }),
  method: fc.constantFrom('GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH'),
  query: fc.dictionary(
    fc.constantFrom('locale', 'status', 'from', 'to', 'q', 'cursor', 'outcome', 'state', 'service'),
    headerValue,
    {
      maxKeys: 4,
    },
  ),
  headers,
  body,
});
const actionRequest = fc.record({
  kind: fc.constant('action' as const),
  action: fc.constantFrom(...actionIds, 'ff'.repeat(21), '0'),
  page: fc.constantFrom(...actionPages),
  headers,
  body,
});

test('random requests to every route and action get no 5xx and no stack trace', async ({ page, baseURL }) => {
  const appOrigin = new URL(baseURL ?? '').origin;
  test.setTimeout(120_000);
  expect(routes.length).toBeGreaterThanOrEqual(8);
  expect(actionIds.length).toBeGreaterThanOrEqual(5);
  await page.goto('/en/payments');
  const samples = fc.sample(fc.oneof(routeRequest, actionRequest), {
    numRuns: TOTAL,
    seed: Number(process.env.FUZZ_SEED ?? 20261122),
  });
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = Date.now();

  async function send(sample: (typeof samples)[number]): Promise<void> {
    const requestHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(sample.headers))
      if (value !== undefined) requestHeaders[name] = value;
    let url: string;
    let method: string;
    if (sample.kind === 'route') {
      let filled = 0;
      url = sample.route.replace(/\[\[?(\.\.\.)?[^\]]+\]\]?/g, () => sample.fill[filled++] ?? randomUUID());
      const query = new URLSearchParams(sample.query).toString();
      if (query) url += `?${query}`;
      method = sample.method;
    } else {
      url = sample.page;
      method = 'POST';
      requestHeaders['next-action'] = sample.action;
      requestHeaders.origin = appOrigin;
    }
    const response = await page.request.fetch(url, {
      method,
      headers: requestHeaders,
      ...(method === 'GET' ? {} : { data: sample.body }),
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: 20_000,
    });
    const status = response.status();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const text =
      status >= 500 || (response.headers()['content-type'] ?? '').includes('json')
        ? await response.text()
        : '';
    if (status >= 500) {
      failures.push(
        `${status} ${method} ${url} ${JSON.stringify(requestHeaders)} body=${JSON.stringify(sample.body).slice(0, 200)} → ${text.slice(0, 200)}`,
      );
    } else if (/\n\s+at [^\n]+\(|node_modules\//.test(text)) {
      failures.push(`stack trace in ${status} ${method} ${url}: ${text.slice(0, 200)}`);
    }
  }

  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < samples.length) {
        const sample = samples[next++];
        if (sample) await send(sample);
      }
    }),
  );
  console.log(
    `fuzz: ${samples.length} requests in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
  expect(Date.now() - started).toBeLessThan(90_000);
});
