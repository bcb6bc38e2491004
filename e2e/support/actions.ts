import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Every server action the built app serves: its id and exported name, from its server reference manifest. */
export function serverActions(): { id: string; name: string }[] {
  const manifest = JSON.parse(
    readFileSync(
      path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'server/server-reference-manifest.json'),
      'utf8',
    ),
  ) as { node: Record<string, { exportedName?: string }> };
  return Object.entries(manifest.node).map(([id, entry]) => ({ id, name: entry.exportedName ?? '' }));
}

/** The id under which the built app serves a server action. */
export function actionId(exportedName: string): string {
  const found = serverActions().find((action) => action.name === exportedName);
  if (!found) throw new Error(`no server action ${exportedName}`);
  return found.id;
}

/**
 * Calls a server action as a script would, from the session of `page` on our own origin, with one
 * argument; answers the response's text (React's encoding of what the action returned).
 */
export async function callAction(page: Page, exportedName: string, input: unknown, at = '/en/payments') {
  const response = await page.request.post(at, {
    headers: {
      'Next-Action': actionId(exportedName),
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
    },
    data: JSON.stringify([input]),
  });
  return response.text();
}
