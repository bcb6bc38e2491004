import { Hono } from 'hono';
import { authorisationIdsOf } from '../../db/queries/authorisations.js';
import type { PaymentRow } from '../../db/queries/payments.js';
import { fail } from '../../errors.js';
import { cancelByTpp } from '../../pis/cancellation.js';
import { dayToPay, paymentInformation } from '../../pis/information.js';
import { APPROACH_HEADER } from '../../sca/approach.js';
import { currentAuthorisationResponse } from '../../sca/authorisation-response.js';
import { authorisationHref, paymentHref } from '../../sca/links.js';
import { startAuthorisation } from '../../sca/start.js';
import { updatePsuData } from '../../sca/update.js';
import type { SandboxContext, SandboxEnv } from '../env.js';
import { tppAuth } from '../middleware/tpp-auth.js';
import { methodNotAllowed, ownAuthorisation, ownPayment, readAuthorisationBody } from '../pis-resources.js';
import { preferredFormat, respond } from '../respond.js';
import { readScaPreferences } from '../sca-preferences.js';
import { initiation } from './pis-initiation.js';

function paymentRef(payment: { id: string; payment_service: string; payment_product: string }) {
  return { id: payment.id, service: payment.payment_service, product: payment.payment_product };
}

/** The payment initiation interface, mounted at `/psd2/api/v1`. */
export function pisRoutes() {
  const app = new Hono<SandboxEnv>();

  // 406 (no body) when Accept names neither JSON nor XML: decided before anything is done, so that a refused
  // initiation, start or update has made no payment or authorisation the TPP never hears of.
  app.use('*', async (c, next) => {
    if (preferredFormat(c.req.header('Accept')) === null) return c.body(null, 406);
    await next();
  });

  app.post('/:service/:product', tppAuth, initiation);
  app.all('/:service/:product', methodNotAllowed('initiation'));

  app.get('/:service/:product/:paymentId', tppAuth, async (c) => {
    const payment = await ownPayment(c);
    return respond(c, await paymentInformation(c.get('db'), payment));
  });

  // Cancellation: at once before SCA (RCVD, PATC); with the PSU's authorisation once authorised but not yet
  // executing (ACTC, PDNG, ACWC, a standing order in ACSP): 202 with startAuthorisation; afterwards 405
  // SERVICE_INVALID. The spec does not say which code; BG IG 4.12 names 405 "the DELETE response code in case of
  // cancellation of a payment initiation, where the payment initiation cannot be cancelled" (IOBWS 3.2:
  // CANCELLATION_INVALID or SERVICE_INVALID, of which part 7 allows SERVICE_INVALID for 405).
  app.delete('/:service/:product/:paymentId', tppAuth, async (c) => {
    const payment = await ownPayment(c);
    const { outcome, transactionStatus } = await cancelByTpp(c.get('db'), payment);
    if (outcome === 'cancelled') return c.body(null, 204);
    if (outcome === 'too-late') {
      // What this payment still offers: reading it.
      c.header('Allow', 'GET');
      fail(
        405,
        'SERVICE_INVALID',
        null,
        `A payment in status ${transactionStatus} can no longer be cancelled.`,
      );
    }
    const self = paymentHref(c.get('bank').publicUrl(), paymentRef(payment));
    return respond(
      c,
      {
        transactionStatus,
        _links: {
          startAuthorisation: { href: `${self}/cancellation-authorisations` },
          self: { href: self },
          status: { href: `${self}/status` },
        },
      },
      202,
    );
  });
  app.all('/:service/:product/:paymentId', methodNotAllowed('payment'));

  app.get('/:service/:product/:paymentId/status', tppAuth, async (c) => {
    const payment = await ownPayment(c);
    // IOBWS 3.2's status answer may carry a psuMessage: the IOBWS bank says when a payment waiting for its day
    // (PDNG) is paid (an extra: docs/sandbox-extras.md).
    const psuMessage = c.get('bank').profile.dialect === 'iobws-3.2' ? payDayMessage(payment) : undefined;
    return respond(c, {
      transactionStatus: payment.transaction_status,
      ...(psuMessage ? { psuMessage } : {}),
    });
  });
  app.all('/:service/:product/:paymentId/status', methodNotAllowed('status'));

  for (const kind of ['payment', 'cancellation'] as const) {
    const path = `/:service/:product/:paymentId/${kind === 'payment' ? 'authorisations' : 'cancellation-authorisations'}`;

    app.get(path, tppAuth, async (c) => {
      const payment = await ownPayment(c);
      return respond(c, { authorisationIds: await authorisationIdsOf(c.get('db'), payment.id, kind) });
    });

    app.post(path, tppAuth, async (c: SandboxContext) => {
      const payment = await ownPayment(c);
      const body = await readAuthorisationBody(c, 'StartAuthorisationRequest', true);
      const started = await startAuthorisation(c.get('db'), c.get('config').delays, payment, kind, body, {
        psuId: readScaPreferences(c).psuId,
        redirectUri: c.req.header('TPP-Redirect-URI'),
        nokRedirectUri: c.req.header('TPP-Nok-Redirect-URI'),
      });
      await (await c.get('bank').scheduler()).tick();
      const publicUrl = c.get('bank').publicUrl();
      const answer = await currentAuthorisationResponse(c.get('db'), publicUrl, payment, started.id, {
        includeId: true,
        methods: started.methods,
      });
      c.header('ASPSP-SCA-Approach', APPROACH_HEADER[started.approach]);
      c.header('Location', authorisationHref(publicUrl, paymentRef(payment), kind, started.id));
      return respond(c, answer, 201);
    });
    app.all(path, methodNotAllowed('authorisations'));

    app.get(`${path}/:authorisationId`, tppAuth, async (c) => {
      const payment = await ownPayment(c);
      const authorisation = await ownAuthorisation(c, payment, kind);
      return respond(c, { scaStatus: authorisation.sca_status });
    });

    app.put(`${path}/:authorisationId`, tppAuth, async (c) => {
      const payment = await ownPayment(c);
      const authorisation = await ownAuthorisation(c, payment, kind);
      const body = await readAuthorisationBody(c, 'UpdatePsuDataRequest', false);
      const psuId = readScaPreferences(c).psuId;
      await updatePsuData(
        c.get('db'),
        c.get('config').delays,
        payment,
        authorisation,
        body,
        psuId,
        c.get('tokenAuthorisationId'),
      );
      await (await c.get('bank').scheduler()).tick();
      return respond(
        c,
        await currentAuthorisationResponse(
          c.get('db'),
          c.get('bank').publicUrl(),
          payment,
          authorisation.id,
          {
            includeId: false,
          },
        ),
      );
    });
    app.all(`${path}/:authorisationId`, methodNotAllowed('authorisation'));
  }

  return app;
}

/**
 * "The payment will be made on 15.12.2026.", in the PSU's language, of a payment waiting for its day: the day it
 * asked for, or the banking day after it where that was closed (as its read gives it).
 */
function payDayMessage(payment: PaymentRow): string | undefined {
  const date = dayToPay(payment);
  if (payment.transaction_status !== 'PDNG' || !date) return undefined;
  const day = date.slice(0, 10).split('-').reverse().join('.');
  return payment.psu_accept_language === 'is'
    ? `Greiðslan verður greidd ${day}.`
    : `The payment will be made on ${day}.`;
}
