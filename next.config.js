import path from 'node:path';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    // The messages under messages/ are compiled at build time (ICU → icu-minify's form), so the
    // browser gets a small formatter instead of the ICU parser. Locales as in lib/i18n/routing.ts.
    messages: { path: './messages', format: 'json', locales: ['is', 'en'], precompile: true },
  },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // pdfkit reads its font metrics from files beside its code at run time, so it is not bundled. The
  // metrics and tracing packages are loaded once per process, so that every bundle (pages, routes, jobs)
  // counts into the one registry and traces with the one provider.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg-boss',
    'pino',
    'pdfkit',
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
  ],
  poweredByHeader: false,
  // A separate build dir lets a second build (a benchmark, a parallel check) leave this one alone.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  typedRoutes: false,
  // The build checks the app's own code; `npm test` typechecks everything, sandbox and tests included,
  // after its build (the route types the build writes included), so it builds without a check of its own.
  typescript: {
    tsconfigPath: 'tsconfig.next.json',
    ignoreBuildErrors: process.env.BUILD_TYPECHECKED_AFTER === '1',
  },
  experimental: {
    // A bulk payment of 10,000 rows (MAX_BULK_PAYMENTS) is about 2 MB of JSON. The app's server
    // (scripts/app-server.mjs) refuses a body over APP_MAX_BODY_BYTES (5 MiB) first, with a 413;
    // this bound, above it, is never the one that answers.
    serverActions: { bodySizeLimit: '6mb' },
    // Unused exports of CommonJS modules left out of the browser's scripts: Next.js's own client runtime
    // is CommonJS, and about 0.3 kB of gzip of it went to every page for nothing (docs/testing.md).
    turbopackCjsTreeShaking: true,
    // Fewer, larger chunks: Turbopack merges a group's chunks under 150 kB (of code before minifying) rather than
    // 50 kB. Every page's first load is 1.0 kB of gzip lighter (the framework's three small chunks are one) and a
    // payment form's 2.0 kB (react-hook-form and the forms' shared code are one chunk); the scripts of the whole
    // build weigh the same (320.0 kB of gzip in 36 files against 43), so nothing is fetched twice for it. At
    // 300 kB the forms gained another kB, but the build's scripts grew by a third: code copied into several chunks.
    turbopackChunking: { minChunkSize: 150_000 },
  },
};

// `next build` ends by giving the large browser scripts V8's compile hint (scripts/compile-hints.mjs); a server
// started on the build (`next start`, scripts/app-server.mjs) neither needs nor loads that script.
export default (phase) =>
  withNextIntl(
    phase === PHASE_PRODUCTION_BUILD
      ? { ...nextConfig, adapterPath: path.join(import.meta.dirname, 'scripts/compile-hints.mjs') }
      : nextConfig,
  );
