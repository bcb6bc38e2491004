// Lets an account confirm payments straight through (IOBWS) from the accounts of a holder it acts for,
// such as a company it has a procuration for, or takes that back; by e-mail address and the holder's
// kennitala (lib/auth/account-holders.ts):
//
//   npm run grant-holder -- ops@example.is 640316-4039
//   npm run revoke-holder -- ops@example.is 640316-4039
//
// Reads the same settings as the app (.env, DATABASE_URL or APP_DATA_DIR). The embedded database
// admits one process at a time: stop the app first, or use PostgreSQL.
import { loadAppSettings } from './env.mjs';

loadAppSettings();

const [mode, email, kennitala] = process.argv.slice(2);
if ((mode !== 'grant' && mode !== 'revoke') || !email || !kennitala) {
  console.error(
    'Usage: npm run grant-holder -- <email> <kennitala>  |  npm run revoke-holder -- <email> <kennitala>',
  );
  process.exit(64);
}

const { closeDatabase, getDb } = await import('@/lib/db');
const holders = await import('@/lib/auth/account-holders');
try {
  const db = await getDb();
  const outcome =
    mode === 'grant'
      ? await holders.grantHolderByCommand(db, email, kennitala)
      : await holders.revokeHolderByCommand(db, email, kennitala);
  const said = {
    granted: `${email} may now confirm payments from the accounts of ${kennitala}.`,
    revoked: `${email} may no longer confirm payments from the accounts of ${kennitala}.`,
    unchanged:
      mode === 'grant' ? `${email} already acts for ${kennitala}.` : `${email} did not act for ${kennitala}.`,
    noSuchAccount: `No account has the e-mail address ${email}; it must sign up first.`,
    notKennitala: `${kennitala} is not a kennitala (10 digits, as 6403164039 or 640316-4039).`,
    notVerified: `${email} has not confirmed its e-mail address yet: its owner opens the link sent to it first.`,
  }[outcome];
  console.log(said);
  process.exitCode = ['noSuchAccount', 'notKennitala', 'notVerified'].includes(outcome) ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
