import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import NextAuth from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { settings } from '@/lib/config';
import { getDb } from '@/lib/db';
import { psus } from '@/lib/db/schema';

const credentialsSchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(200) });

// A hash of a random string, compared when the e-mail is unknown, so that the answer takes as long
// for an unknown account as for a wrong password.
const decoyHash = bcrypt.hashSync('decoy-password-for-timing', 10);

export async function verifyPsuCredentials(input: unknown) {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return null;
  const db = await getDb();
  const [psu] = await db.select().from(psus).where(eq(psus.email, parsed.data.email.toLowerCase())).limit(1);
  const matches = await bcrypt.compare(parsed.data.password, psu?.passwordHash ?? decoyHash);
  return psu && matches ? { id: psu.id, email: psu.email, name: psu.displayName } : null;
}

// The configuration is built per request, so that importing this module (as `next build` does)
// reads no settings and opens no database.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: settings().AUTH_SECRET,
  trustHost: true,
  session: { strategy: 'jwt', maxAge: 8 * 60 * 60 },
  pages: { signIn: '/sign-in' },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: (credentials) => verifyPsuCredentials(credentials),
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.psuId = user.id;
      return token;
    },
    session({ session, token }) {
      if (typeof token.psuId === 'string') session.user.id = token.psuId;
      return session;
    },
  },
}));
