import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', 'pg-boss', 'pino'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
