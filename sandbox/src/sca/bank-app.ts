import { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { findAuthorisation } from '../db/queries/authorisations.js';
import { sandboxNow } from '../db/queries/clock.js';
import { failAuthorisation, finaliseAuthorisation } from './decisions.js';

/**
 * The "bank's app" of the decoupled approach, as an admin surface: `POST /sandbox/decoupled/{authorisationId}/approve`
 * or `/decline`. Only an authorisation in scaStatus `started` (decoupled) can be decided; 409 otherwise.
 */
export function bankAppRoutes(ctx: SandboxContext) {
  const app = new Hono();
  app.get('/:authorisationId', async (c) => {
    const authorisation = await findAuthorisation(await ctx.db(), c.req.param('authorisationId'));
    if (authorisation?.approach !== 'DECOUPLED')
      return c.json({ error: 'No decoupled authorisation with this id.' }, 404);
    return c.json({
      authorisationId: authorisation.id,
      kind: authorisation.kind,
      scaStatus: authorisation.sca_status,
    });
  });
  app.post('/:authorisationId/:decision{approve|decline}', async (c) => {
    const db = await ctx.db();
    const authorisation = await findAuthorisation(db, c.req.param('authorisationId'));
    if (authorisation?.approach !== 'DECOUPLED')
      return c.json({ error: 'No decoupled authorisation with this id.' }, 404);
    const decision = c.req.param('decision');
    const applied = await db.transaction(async (tx) => {
      const now = await sandboxNow(tx);
      const current = await findAuthorisation(tx, authorisation.id);
      if (current?.sca_status !== 'started') return false;
      return decision === 'approve'
        ? finaliseAuthorisation(
            tx,
            ctx.config.delays,
            authorisation.id,
            now,
            null,
            "approved in the bank's app",
          )
        : failAuthorisation(
            tx,
            authorisation.id,
            now,
            authorisation.kind === 'payment' ? "SCA declined in the bank's app" : 'cancellation declined',
          );
    });
    await (await ctx.scheduler()).tick();
    const after = await findAuthorisation(db, authorisation.id);
    if (!applied)
      return c.json({ error: `The authorisation is ${after?.sca_status}: nothing to decide.` }, 409);
    return c.json({ authorisationId: authorisation.id, scaStatus: after?.sca_status });
  });
  return app;
}
