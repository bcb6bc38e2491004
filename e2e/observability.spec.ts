import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { otlpPort } from '../playwright.config';
import { debtorIban } from './forms-helpers';
import { atBank } from './support/bank';
import { paymentIdOf, sendSinglePayment, signInAs } from './support/payments';
import { expect, test } from './support/test';

test.use({
  consoleAllowed: [
    {
      pattern:
        /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/en\/operations\/audit\?payment=[0-9a-f-]{36}\)/,
      reason:
        'a PSU who is not an operator opens the audit trail on purpose and is answered 404, which Chromium logs',
    },
  ],
});

/**
 * What an operator has besides the logs, for one payment made in the browser: its trace (the app exports
 * to OTEL_EXPORTER_OTLP_ENDPOINT, this spec's receiver on loopback), its count in the metrics, and its
 * audit trail, which the operator (the demo PSU, listed in OPERATOR_EMAILS) reads and another PSU cannot.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
}

type AnyValue = {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
};

function anyValue(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(anyValue);
  return undefined;
}

/** A collector stand-in: OTLP/HTTP JSON on /v1/traces, every span kept. */
function otlpReceiver(spans: OtlpSpan[]): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (request.url === '/v1/traces' && (request.headers['content-type'] ?? '').includes('json')) {
        const parsed = JSON.parse(body.toString('utf8')) as {
          resourceSpans?: {
            scopeSpans?: {
              spans?: (Omit<OtlpSpan, 'attributes'> & { attributes?: { key: string; value: AnyValue }[] })[];
            }[];
          }[];
        };
        for (const resource of parsed.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                ...span,
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a) => [a.key, anyValue(a.value)]),
                ),
              });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(otlpPort, '127.0.0.1', () => resolve(server)));
}

function counterValue(metrics: string, name: string, labels: Record<string, string>): number {
  let total = 0;
  for (const line of metrics.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

test('a payment’s trace, its count in the metrics, and its audit trail for operators only', async ({
  page,
  browser,
}) => {
  const spans: OtlpSpan[] = [];
  const receiver = await otlpReceiver(spans);
  try {
    const scrape = async () => (await page.request.get('/api/metrics')).text();
    const initiated = {
      name: 'greidsla_payments_initiated_total',
      labels: { product: 'credit-transfers', outcome: 'accepted' },
    };
    const before = counterValue(await scrape(), initiated.name, initiated.labels);

    const remittance = `Observed ${Date.now()}`;
    await sendSinglePayment(page, { amount: '4,321', remittance });
    await expect(page).toHaveURL(atBank());
    const paymentId = await paymentIdOf(page, remittance);

    // (a) The trace of the PSU's request that sent the payment: a span per call to the bank, each with
    // the bank's HTTP status and our X-Request-ID, under the request's root span.
    await expect
      .poll(
        () =>
          spans.some(
            (s) =>
              s.attributes['greidsla.payment.id'] === paymentId &&
              s.attributes['greidsla.bank.operation'] === 'initiate',
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const initiation = spans.find(
      (s) =>
        s.attributes['greidsla.payment.id'] === paymentId &&
        s.attributes['greidsla.bank.operation'] === 'initiate',
    );
    const inTrace = () => spans.filter((s) => s.traceId === initiation?.traceId);
    const bankSpans = inTrace().filter((s) => s.attributes['greidsla.bank.operation'] !== undefined);
    expect(bankSpans.length).toBeGreaterThanOrEqual(1);
    for (const span of bankSpans) {
      expect(span.attributes['http.response.status_code']).toEqual(expect.any(Number));
      expect(span.attributes['greidsla.bank.request_id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(initiation?.attributes['http.response.status_code']).toBe(201);
    // The root span is the PSU's request (Next.js's), and the statements of the request are in it too.
    await expect.poll(() => inTrace().some((s) => !s.parentSpanId)).toBe(true);
    expect(inTrace().some((s) => s.attributes['db.operation.name'] === 'INSERT')).toBe(true);
    // Nothing personal or secret left for the collector: no e-mail, kennitala, IBAN or query string.
    const exported = JSON.stringify(spans);
    const found = (pattern: RegExp) => [...exported.matchAll(pattern)].map((match) => match[0]);
    expect(found(new RegExp(debtorIban, 'g'))).toEqual([]);
    expect(found(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}/g)).toEqual([]);
    // A kennitala: ten digits standing alone (not a part of a trace id or a UUID).
    expect(found(/.{60}(?<![0-9A-Za-z-])\d{6}-?\d{4}(?![0-9A-Za-z-]).{20}/g)).toEqual([]);
    expect(found(/Bearer|client_secret|access_token|[?&](code|state)=/g)).toEqual([]);

    // (b) The payment is counted in the metrics.
    await expect
      .poll(async () => counterValue(await scrape(), initiated.name, initiated.labels))
      .toBeGreaterThan(before);
    expect(await scrape()).toMatch(/greidsla_bank_call_duration_seconds_count\{[^}]*operation="initiate"/);

    // (c) Its audit trail: the operator reads it, on the page and as CSV.
    await page.goto(`/en/operations/audit?payment=${paymentId}`);
    const initiationRow = page.locator(
      `[data-testid="audit-rows"] tr[data-operation="initiate"][data-payment-id="${paymentId}"]`,
    );
    await expect(initiationRow).toHaveAttribute('data-status', '201');
    await expect(initiationRow).toHaveAttribute(
      'data-request-id',
      String(initiation?.attributes['greidsla.bank.request_id']),
    );
    // A day in its filter that does not exist stays in the field as typed, with the reason beside it.
    await page.goto(`/is/operations/audit?payment=${paymentId}&from=30.02.2026`);
    const auditFrom = page.getByLabel('Frá (dagsetning)');
    await expect(auditFrom).toHaveValue('30.02.2026');
    await expect(auditFrom).toHaveAccessibleDescription(/Sláðu inn dagsetningu sem er til/);
    // Its few calls are one page, without links to others; a page after the trail's first call holds none,
    // says so, and links back to the newest.
    const paging = page.getByRole('navigation', { name: 'Síður endurskoðunarslóðarinnar' });
    await page.goto(`/is/operations/audit?payment=${paymentId}`);
    await expect(page.getByTestId('audit-rows').locator('tr').first()).toBeVisible();
    await expect(paging).toHaveCount(0);
    await page.goto(`/is/operations/audit?payment=${paymentId}&after=1`);
    await expect(page.getByTestId('audit-count')).toHaveText('Engar eldri beiðnir.');
    await paging.getByRole('link', { name: 'Nýjustu beiðnir' }).click();
    await expect(page).toHaveURL(`/is/operations/audit?payment=${paymentId}`);
    await expect(initiationRow).toHaveAttribute('data-status', '201');
    // A PSU who calls gives the address they sign in with: the trail finds their calls by it, as typed.
    await page.goto('/is/operations/audit');
    await page.getByLabel('Auðkenni notanda eða netfang').fill('Demo@Greidsla.is');
    await page.getByRole('button', { name: 'Sýna' }).click();
    await expect(page).toHaveURL(/[?&]psu=Demo%40Greidsla\.is/);
    await expect(page.getByText(/síur voru ógildar/)).toHaveCount(0);
    await expect(initiationRow).toHaveAttribute('data-status', '201');
    const csv = await (await page.request.get(`/api/operations/audit?payment=${paymentId}`)).text();
    expect(csv).toContain(`initiate,POST`);
    expect(csv).toContain(paymentId);
    // Every call of the trace's request in the trail is a span of the trace, with the same X-Request-ID.
    const [header, ...lines] = csv.trim().split('\r\n');
    const columns = (header ?? '').split(',');
    const callsOfTrace = lines
      .map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])))
      .filter((row) => row.trace_id === initiation?.traceId);
    expect(callsOfTrace.length).toBeGreaterThanOrEqual(1);
    const spanRequestIds = new Set(inTrace().map((s) => s.attributes['greidsla.bank.request_id']));
    for (const row of callsOfTrace) expect(spanRequestIds).toContain(row.x_request_id);

    // Another PSU reads none of it, not even that it exists.
    const anna = await signInAs(browser, 'anna@greidsla.is');
    expect((await anna.goto(`/en/operations/audit?payment=${paymentId}`))?.status()).toBe(404);
    expect((await anna.request.get(`/api/operations/audit?payment=${paymentId}`)).status()).toBe(404);
    await expect(anna.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);
    await anna.context().close();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
