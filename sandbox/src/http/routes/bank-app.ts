import { Hono } from 'hono';
import { findAuthorisation } from '../../db/queries/authorisations.js';
import { decideInBankApp } from '../../sca/bank-app.js';
import type { SandboxEnv } from '../env.js';

/**
 * The "bank's app" of the decoupled approach, as an admin surface: `POST /sandbox/decoupled/{authorisationId}/approve`
 * or `/decline`. Only an authorisation in scaStatus `started` (decoupled) can be decided; 409 otherwise.
 */
export function bankAppRoutes() {
  const app = new Hono<SandboxEnv>();
  app.get('/:authorisationId', async (c) => {
    const authorisation = await findAuthorisation(c.get('db'), c.req.param('authorisationId'));
    if (authorisation?.approach !== 'DECOUPLED')
      return c.json({ error: 'No decoupled authorisation with this id.' }, 404);
    return c.json({
      authorisationId: authorisation.id,
      kind: authorisation.kind,
      scaStatus: authorisation.sca_status,
    });
  });
  app.post('/:authorisationId/:decision{approve|decline}', async (c) => {
    const db = c.get('db');
    const authorisation = await findAuthorisation(db, c.req.param('authorisationId'));
    if (authorisation?.approach !== 'DECOUPLED')
      return c.json({ error: 'No decoupled authorisation with this id.' }, 404);
    const decision = c.req.param('decision') === 'approve' ? 'approve' : 'decline';
    const applied = await decideInBankApp(db, c.get('config').delays, authorisation, decision);
    await (await c.get('bank').scheduler()).tick();
    const after = await findAuthorisation(db, authorisation.id);
    if (!applied)
      return c.json({ error: `The authorisation is ${after?.sca_status}: nothing to decide.` }, 409);
    return c.json({ authorisationId: authorisation.id, scaStatus: after?.sca_status });
  });
  return app;
}
