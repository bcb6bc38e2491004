import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Axe's findings on the page once it has settled, from axe run in the page itself (legacy mode): the default
 * finishes every run in a new blank page with axe loaded into it again, for frames of other origins, which the
 * app's pages do not have. forms-axe.spec.ts's 13 runs took 52 CPU-s so, against 68 and 73 (the servers' start
 * included; 6 December 2026, 2 cores).
 *
 * A page refreshed after a form's server action has its title replaced, and for a moment has none; axe run then
 * reports `document-title`. A page that never gets a title still fails here.
 */
export async function axeViolations(page: Page) {
  await expect.poll(() => page.title(), { message: 'the page has a title' }).not.toBe('');
  return (
    await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze()
  ).violations;
}

/** The serious and critical findings, each with the elements it was found on. */
export async function seriousViolations(page: Page) {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** No finding of any impact. */
export async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
}
