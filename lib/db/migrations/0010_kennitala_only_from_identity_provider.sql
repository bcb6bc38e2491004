-- A kennitala typed at sign-up was never verified: it is dropped, not carried into kennitala_links.
-- Accounts link theirs again from an identity provider's claim (lib/auth/identity.ts).
ALTER TABLE "psus" DROP COLUMN "kennitala";