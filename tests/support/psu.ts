/**
 * A new PSU with a password, for tests that need an account of their own; the app's modules are
 * imported on first use, so the caller sets `process.env` first.
 */
export async function newPsu(email: string): Promise<string> {
  const { createPsu } = await import('@/lib/auth/accounts');
  const created = await createPsu({
    email,
    displayName: 'Próf Prófsdóttir',
    password: 'long enough password 1',
  });
  if (!created.ok) throw new Error(`${email} has an account already`);
  return created.psu.id;
}

/** The id of the PSU with this e-mail address, or '' when there is none. */
export async function psuIdOf(email: string): Promise<string> {
  const [{ getDb }, { psus }, { eq }] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/db/schema'),
    import('drizzle-orm'),
  ]);
  const [row] = await (await getDb()).select({ id: psus.id }).from(psus).where(eq(psus.email, email));
  return row?.id ?? '';
}
