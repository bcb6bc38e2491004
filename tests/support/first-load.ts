// First-load JavaScript of each page, read from the app's build: the scripts a browser with an empty cache
// loads before a page's `load` event, as the build's manifests name them (Next's root scripts, and each
// client chunk of the page's segments: its layouts, error and not-found boundaries, the page itself),
// each gzipped at level 6 as Next's compression does. The figure equals what bench/first-load-js.ts counts
// in Chromium, but for chunks a page imports while it runs (a `next/dynamic` part or a lazy `import()`
// its scripts ask for before `load`); the bench, which loads each page, counts those too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

/** Targets, kB gzip: plain pages, and the payment forms, whose validation runs in the browser. */
export const TARGET_PLAIN_KB = 140;
export const TARGET_FORM_KB = 155;

/** The pages with a payment form: the new single, bulk and periodic payment, paying a bill, changing a standing order. */
export const isFormPage = (route: string) =>
  /\/payments\/new\/(single|bulk|periodic)$|\/bills\/\[claimId\]\/pay$|\/standing-orders\/\[id\]\/change$/.test(
    route,
  );

export const targetFor = (route: string) => (isFormPage(route) ? TARGET_FORM_KB : TARGET_PLAIN_KB);

export interface PageWeight {
  /** The page's route as the build names it: "/[locale]/payments/new/single". */
  route: string;
  /** The scripts loaded first, as paths under the build's folder ("static/chunks/…js"). */
  scripts: string[];
  /** Their bodies, gzipped at level 6, in bytes. */
  gzipBytes: number;
}

/** The build's folder, as next.config.js names it. */
export function buildDir(root: string): string {
  return path.join(root, process.env.NEXT_DIST_DIR || '.next');
}

function manifestsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return manifestsUnder(full);
    return entry.name === 'page_client-reference-manifest.js' ? [full] : [];
  });
}

/** A page's client-reference manifest: the script assigns it to `globalThis.__RSC_MANIFEST[<page>]`. */
export function clientManifestOf(file: string): { page: string; entryJSFiles: Record<string, string[]> } {
  // The script's global is `context`: what it assigns to globalThis lands there.
  const context: { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } = {};
  runInNewContext(readFileSync(file, 'utf8'), context);
  const [[page, manifest] = []] = Object.entries(context.__RSC_MANIFEST ?? {});
  if (!page || !manifest) throw new Error(`${file} names no page`);
  return { page, entryJSFiles: manifest.entryJSFiles };
}

/**
 * Every app page of the build in `dir` (the framework's own `_not-found` and `_global-error` aside) with its
 * first-load scripts and their gzipped size. Throws when there is no build there.
 */
export function firstLoadOfBuild(dir: string): PageWeight[] {
  const buildManifest = path.join(dir, 'build-manifest.json');
  if (!existsSync(buildManifest)) throw new Error(`no build in ${dir}: run \`npx next build\` first`);
  const { rootMainFiles } = JSON.parse(readFileSync(buildManifest, 'utf8')) as { rootMainFiles: string[] };
  const gzipped = new Map<string, number>();
  const gzipOf = (script: string) => {
    let bytes = gzipped.get(script);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(dir, script)), { level: 6 }).length;
      gzipped.set(script, bytes);
    }
    return bytes;
  };
  return manifestsUnder(path.join(dir, 'server/app'))
    .map(clientManifestOf)
    .filter(({ page }) => !/^\/_(not-found|global-error)\//.test(page))
    .map(({ page, entryJSFiles }) => {
      // The global error boundary's chunks load only when the root layout itself fails.
      const segments = Object.entries(entryJSFiles).filter(([segment]) => !segment.includes('global-error'));
      const scripts = [...new Set([...rootMainFiles, ...segments.flatMap(([, files]) => files)])];
      return {
        route: page.replace(/\/page$/, '') || '/',
        scripts,
        gzipBytes: scripts.reduce((total, script) => total + gzipOf(script), 0),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}
