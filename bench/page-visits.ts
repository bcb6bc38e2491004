// Every page of the build, at an address that draws it: the demo PSU signed in, a payment made through the
// form for the pages of one payment, one in euros for its costs step, a bill and a standing order reached by
// the links the app draws to them. For the benchmarks that visit each page (first-load-js, page-server-time).
import type { Browser, BrowserContext } from 'playwright';
import { type AppServers, makePayment, pageRoutes, signIn } from './app-servers';
import { makeStandingOrder } from './everyday-rows';

export interface PageVisit {
  /** The page's pattern, e.g. `/[locale]/payments/[id]`. */
  pattern: string;
  /** Where it is visited, in Icelandic (the default locale). */
  path: string;
  /** Whether the signed-in PSU visits it (all but sign-in and sign-up). */
  signedIn: boolean;
}

const publicPages = /\/(sign-in|sign-up)$/;

/** The address of the first link on `path` that `selector` finds, or null where the page has none. */
async function firstLink(
  session: BrowserContext,
  appUrl: string,
  path: string,
  selector: string,
): Promise<string | null> {
  const page = await session.newPage();
  await page.goto(`${appUrl}${path}`);
  const href = await page
    .locator(selector)
    .first()
    .getAttribute('href', { timeout: 15_000 })
    .catch(() => null);
  await page.close();
  return href;
}

/**
 * The pages to visit, the signed-in session's storage state (its cookies), and, for each page that
 * could not be given an address, why.
 */
export async function pageVisits(
  browser: Browser,
  servers: AppServers,
): Promise<{
  visits: PageVisit[];
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  notes: string[];
}> {
  const { appUrl } = servers;
  const notes: string[] = [];
  const session = await browser.newContext();
  await signIn(session, appUrl);
  const paymentId = await makePayment(session, appUrl);
  // The costs step shows only while a payment waits there: one in euros, whose costs come first.
  const costsPaymentId = await makePayment(session, appUrl, 'EUR');
  // A bill of the demo PSU's to pay: the bills page links each open one to its payment form.
  const billHref = await firstLink(session, appUrl, '/is/bills', 'a[href*="/bills/"][href*="/pay"]');
  // A standing order to change: the standing orders page links each to its change page.
  const changeHref = (await makeStandingOrder(session, appUrl))
    ? await firstLink(session, appUrl, '/is/payments/standing-orders', 'a[href$="/change"]')
    : null;
  const storageState = await session.storageState();
  await session.close();

  // The pages reached by a link the app draws, at that link's address; where there was none, the reason.
  const linked = [
    { page: '/bills/[claimId]/pay', href: billHref, missing: 'the bills page offered no bill to pay' },
    { page: '/standing-orders/[id]/change', href: changeHref, missing: 'no standing order could be made' },
  ];
  const routes = pageRoutes(servers.appRoot).flatMap((pattern) => {
    const link = linked.find(({ page }) => pattern.endsWith(page));
    if (link) {
      if (!link.href) {
        notes.push(`${pattern} not measured: ${link.missing}`);
        return [];
      }
      return [{ pattern, route: link.href.replace(/^\/(is|en)\//, '/[locale]/') }];
    }
    if (!pattern.includes('[id]')) return [{ pattern, route: pattern }];
    const id = pattern.endsWith('/costs') ? costsPaymentId : paymentId;
    if (!id) {
      notes.push(`${pattern} not measured: no payment could be made`);
      return [];
    }
    return [{ pattern, route: pattern.replace('[id]', id) }];
  });
  const visits = routes.map(({ pattern, route }) => {
    const path = route.replace('[locale]', 'is');
    return { pattern, path, signedIn: !publicPages.test(path) };
  });
  return { visits, storageState, notes };
}
