import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A stand-in for another bank's server (IOBWS 3.2 answers a PIS error as `application/problem+json`, Error400_PIS,
// or as `application/json` with tppMessages, Error400_NG_PIS): each path answers with the status, media type and
// body it is given.
type Answer = { status: number; type: string; body: string };
const answers = new Map<string, Answer>();
let server: Server;
let base: string;

beforeAll(async () => {
  process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-1234';
  server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '') ?? { status: 404, type: 'application/json', body: '{}' };
    response.writeHead(answer.status, { 'Content-Type': answer.type });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const { bankFetch } = await import('@/lib/bank/http');
const { BankError, bankErrorMessageKey } = await import('@/lib/bank/errors');

let calls = 0;
function answering(answer: Answer) {
  const path = `/v1/payments/credit-transfers/${++calls}`;
  answers.set(path, answer);
  return bankFetch({ method: 'GET', url: `${base}${path}` });
}

async function refusal(answer: Answer): Promise<InstanceType<typeof BankError>> {
  const error = await answering(answer).catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(BankError);
  return error as InstanceType<typeof BankError>;
}

const created = { transactionStatus: 'RCVD', paymentId: 'p-1', _links: { self: { href: '/v1/p-1' } } };

describe('the media types a bank may answer in', () => {
  // RFC 8259 8.1: a JSON text is sent without a byte order mark, and a reader "MAY ignore" one it finds.
  it('reads a JSON answer that begins with a UTF-8 byte order mark, a success and a refusal', async () => {
    const bom = '\uFEFF';
    const response = await answering({
      status: 201,
      type: 'application/json',
      body: bom + JSON.stringify(created),
    });
    expect(response.body).toEqual(created);
    const problem = { type: 'about:blank', code: 'INSUFFICIENT_FUNDS' };
    const error = await refusal({
      status: 400,
      type: 'application/problem+json',
      body: bom + JSON.stringify(problem),
    });
    expect(error.codes).toEqual(['INSUFFICIENT_FUNDS']);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/vnd.bank.payments.v1+json'])(
    'reads a 201 sent as %s',
    async (type) => {
      const response = await answering({ status: 201, type, body: JSON.stringify(created) });
      expect(response.body).toEqual(created);
    },
  );

  it('reads a problem details refusal (RFC 7807, IOBWS 3.2 Error400_PIS) by its code', async () => {
    const error = await refusal({
      status: 400,
      type: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://bank.is/e',
        code: 'INSUFFICIENT_FUNDS',
        detail: 'Ónóg innstæða',
      }),
    });
    expect(error.codes).toEqual(['INSUFFICIENT_FUNDS']);
    expect(bankErrorMessageKey(error, 'initiation')).toBe('bank.code.INSUFFICIENT_FUNDS');
  });

  it('reads every error of a problem details refusal, its additionalErrors too', async () => {
    const error = await refusal({
      status: 400,
      type: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://bank.is/e',
        title: 'Greiðslu hafnað',
        code: 'SB_LIMIT_DAY',
        detail: 'Dagleg heimild er fullnýtt',
        additionalErrors: [
          { title: 'Innstæða', detail: 'Ónóg innstæða á reikningi', code: 'INSUFFICIENT_FUNDS' },
          { code: 42 },
          { title: 'Dagsetning', code: 'EXECUTION_DATE_INVALID' },
        ],
      }),
    });
    expect(error.codes).toEqual(['SB_LIMIT_DAY', 'INSUFFICIENT_FUNDS', 'EXECUTION_DATE_INVALID']);
    expect(error.messages.map((message) => message.text)).toEqual([
      'Dagleg heimild er fullnýtt',
      'Ónóg innstæða á reikningi',
      'Dagsetning',
    ]);
    // The bank's own code says nothing we can put in words; the first of part 7's does.
    expect(bankErrorMessageKey(error, 'initiation')).toBe('bank.code.INSUFFICIENT_FUNDS');
  });
});
