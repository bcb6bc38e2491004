// Grants or revokes the operator role (the events page) of an account, by its e-mail address:
//
//   npm run grant-operator -- ops@example.is
//   npm run revoke-operator -- ops@example.is
//
// Reads the same settings as the app (.env, DATABASE_URL or APP_DATA_DIR). The embedded database
// admits one process at a time: stop the app first, or use PostgreSQL.
import { loadAppSettings } from './env.mjs';

loadAppSettings();

const [mode, email] = process.argv.slice(2);
if ((mode !== 'grant' && mode !== 'revoke') || !email) {
  console.error('Usage: npm run grant-operator -- <email>  |  npm run revoke-operator -- <email>');
  process.exit(64);
}

const { closeDatabase, getDb } = await import('@/lib/db');
const roles = await import('@/lib/auth/operator-roles');
try {
  const db = await getDb();
  const outcome =
    mode === 'grant'
      ? await roles.grantOperatorByCommand(db, email)
      : await roles.revokeOperatorByCommand(db, email);
  const said = {
    granted: `${email} is an operator now.`,
    revoked: `${email} is no longer an operator.`,
    unchanged: `${email} was not an operator.`,
    noSuchAccount: `No account has the e-mail address ${email}; it must sign up first.`,
    notVerified: `${email} has not confirmed its e-mail address yet: its owner opens the link sent to it first.`,
  }[outcome];
  console.log(said);
  process.exitCode = outcome === 'noSuchAccount' || outcome === 'notVerified' ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
