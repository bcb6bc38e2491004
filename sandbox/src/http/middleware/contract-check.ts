import type { MiddlewareHandler } from 'hono';
import { contractViolations, coveredByContract } from '../../contract-check.js';
import type { SandboxEnv } from '../env.js';

/**
 * When the bank checks its answers (tests: `startSandbox` does under Vitest, `SANDBOX_CONTRACT_CHECK=true`
 * elsewhere), every answer is read again after the routes, faults and error handler made it, and checked against
 * `contract/*.yaml` (contract-check.ts). What disagrees is kept on the bank (`close()` then fails) and logged at
 * once, whichever client asked: a test cannot go around it by using another helper.
 */
export const contractCheck: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  await next();
  const record = c.get('bank').contractViolations;
  // The SCA pages, the admin surface and the identity provider are read by no contract: not even copied.
  if (!record || !coveredByContract(c.req.path)) return;
  const response = c.res;
  const text = response.body ? await response.clone().text() : '';
  const problems = contractViolations({
    method: c.req.method,
    path: c.req.path,
    status: response.status,
    header: (name) => response.headers.get(name),
    text,
  });
  c.get('bank').contractChecked?.('spec');
  if (problems.length > 0) record(problems);
};
