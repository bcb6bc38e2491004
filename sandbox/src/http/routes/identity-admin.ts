import { Hono } from 'hono';
import { z } from 'zod';
import { listIdpPeople } from '../../db/queries/idp-people.js';
import { addPerson, isPersonKennitala, personRow } from '../../identity/people.js';
import { isValidKennitala } from '../../shared/kennitala.js';
import type { SandboxEnv } from '../env.js';

const personBody = z
  .object({
    kennitala: z
      .string()
      .refine(isValidKennitala, 'not a kennitala with a valid check digit')
      .refine(isPersonKennitala, "a company's kennitala: electronic ID is for people"),
    name: z.string().trim().min(1).max(100),
    email: z.email().max(254).optional(),
    emailVerified: z.boolean().optional(),
  })
  .strict();

const personJson = (row: ReturnType<typeof personRow>) => ({
  kennitala: row.kennitala,
  subject: row.subject,
  name: row.name,
  email: row.email,
  emailVerified: row.email_verified,
});

/** The electronic-ID provider's people, under `/sandbox/idp` (behind the admin access check of /sandbox). */
export function identityAdminRoutes() {
  const app = new Hono<SandboxEnv>();
  app.get('/people', async (c) => c.json({ people: (await listIdpPeople(c.get('db'))).map(personJson) }));
  app.post('/people', async (c) => {
    const parsed = personBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json(
        {
          error: 'Invalid request body.',
          details: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
        },
        400,
      );
    }
    if (!(await addPerson(c.get('db'), parsed.data))) {
      return c.json({ error: 'A person with this kennitala exists.' }, 409);
    }
    return c.json(personJson(personRow(parsed.data)), 201);
  });
  return app;
}
