import type { Bank } from '../../bank.js';
import { coveredByPublished, preparePublishedCheck, publishedViolations } from '../../published-check.js';
import { fromIobwsRequest, toIobwsAnswer } from './iobws-shapes.js';

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

const PAYMENT_PATH = /^\/v1\/(payments|bulk-payments|periodic-payments)(\/.*)$/;
/** IOBWS-Claims 3.1 `/v1/claims…`: our bank's `/business/claims…`. */
const CLAIMS_PATH = /^\/v1(\/claims(?:\/.*)?)$/;

/**
 * A bank that speaks IOBWS 3.2 as published (contract/published/IOBWS3.2.yaml), played by the sandbox's own bank
 * behind it: its payment interface is at `/v1/{payment-service}/{payment-product}…` of its server, where ours is at
 * `/psd2/api/v1/…`, and everything it receives and gives is in IOBWS's shapes (./iobws-shapes.ts): dates as `date`,
 * `confirmationMessage`, its fee codes, links relative to its server. Its `claim-payments` are paid as the credit
 * transfers they are inside (the claim key as the creditor account; sandbox/README.md, "A bank that speaks
 * IOBWS 3.2"). Our dialect's paths (`/psd2`, `/business`, `/events`) are not served. The token endpoint, the SCA
 * pages and the admin surface are the sandbox's own.
 *
 * When the bank checks its traffic (tests), each request and answer under `/v1/` is checked against the published
 * contracts (published-check.ts), and what disagrees is kept with the bank's contract violations.
 */
export function iobwsFace(inner: Fetch, bank: Bank): Fetch {
  if (bank.contractViolations) preparePublishedCheck();
  return async (request, env) => {
    const url = new URL(request.url);
    if (/^\/(psd2|business|events)(\/|$)/.test(url.pathname)) return new Response(null, { status: 404 });
    const payment = PAYMENT_PATH.exec(url.pathname);
    const claims = CLAIMS_PATH.exec(url.pathname);
    if (!payment && !claims) return inner(request, env);
    const [, service = '', rest = ''] = payment ?? [];
    const requestText = request.body ? await request.text() : '';
    const claimPayment = rest.startsWith('/claim-payments');
    const innerUrl = new URL(request.url);
    innerUrl.pathname = claims
      ? `/business${claims[1]}`
      : `/psd2/api/v1/${service}${claimPayment ? rest.replace('/claim-payments', '/credit-transfers') : rest}`;
    const ours = requestText ? fromIobwsRequest(request.method, service, requestText) : undefined;
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    // IOBWS 3.2 names the funds check's header TPP-Rejection-NoFunds-Preferred; our spec, inside, spells it
    // TPP-Rejection-No-Funds-Preferred.
    const noFunds = headers.get('TPP-Rejection-NoFunds-Preferred');
    headers.delete('TPP-Rejection-NoFunds-Preferred');
    headers.delete('TPP-Rejection-No-Funds-Preferred');
    if (noFunds !== null) headers.set('TPP-Rejection-No-Funds-Preferred', noFunds);
    const answer = await inner(
      new Request(innerUrl, { method: request.method, headers, body: ours?.text || undefined }),
      env,
    );
    const outer = await toIobwsAnswer(answer, {
      publicUrl: bank.publicUrl(),
      service,
      method: request.method,
      claimPayment,
      refusal: ours?.refusal,
    });
    const record = bank.contractViolations;
    if (record && coveredByPublished(url.pathname)) {
      const responseText = outer.body ? await outer.clone().text() : '';
      const problems = publishedViolations({
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        requestHeader: (name) => request.headers.get(name),
        requestText,
        status: outer.status,
        responseHeader: (name) => outer.headers.get(name),
        responseText,
      });
      bank.contractChecked?.('iobws-3.2');
      if (problems.length > 0) record(problems.map((problem) => `${problem} (iobws-3.2)`));
    }
    return outer;
  };
}
