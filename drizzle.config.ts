import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './lib/db/schema.ts',
    './lib/db/notice-schema.ts',
    './lib/db/saved-schema.ts',
    './lib/db/bills-schema.ts',
    './lib/db/change-schema.ts',
    './lib/db/audit-schema.ts',
    './lib/db/holder-schema.ts',
    './lib/db/rate-limit-schema.ts',
    './lib/db/notification-schema.ts',
    './lib/db/oauth-code-schema.ts',
  ],
  out: './lib/db/migrations',
});
