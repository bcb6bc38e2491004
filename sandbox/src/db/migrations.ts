import type { Db } from './db.js';

/**
 * Plain SQL migrations, applied in order and recorded in `schema_migrations`.
 * Append new entries; never edit an applied one. Times on the sandbox clock are epoch milliseconds
 * stored as double precision, so both engines hand them back as JS numbers.
 */
export const MIGRATIONS: ReadonlyArray<{ id: string; sql: string }> = [
  {
    id: '0001_initial',
    sql: `
CREATE TABLE clock (
  id integer PRIMARY KEY CHECK (id = 1),
  offset_ms double precision NOT NULL DEFAULT 0
);
INSERT INTO clock (id, offset_ms) VALUES (1, 0);

CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  client_id text NOT NULL,
  scope text NOT NULL,
  issued_at double precision NOT NULL,
  expires_at double precision NOT NULL
);

CREATE TABLE psus (
  username text PRIMARY KEY,
  password_hash text NOT NULL,
  name text NOT NULL,
  kennitala text NOT NULL UNIQUE
);

CREATE TABLE accounts (
  iban text PRIMARY KEY,
  bban text NOT NULL UNIQUE,
  owner_username text NOT NULL REFERENCES psus(username),
  name text NOT NULL,
  currency text NOT NULL,
  balance_minor numeric(30, 0) NOT NULL
);

CREATE TABLE payments (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  payment_service text NOT NULL,
  payment_product text NOT NULL,
  body jsonb NOT NULL,
  transaction_status text NOT NULL,
  debtor_iban text,
  total_currency text,
  total_minor numeric(30, 0),
  payment_information_id text,
  idempotency_key text,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  psu_accept_language text NOT NULL,
  tpp_redirect_uri text,
  tpp_nok_redirect_uri text,
  tpp_notification_uri text,
  tpp_notification_content_preferred text,
  psu_ip_address text,
  x_request_id text NOT NULL,
  created_at double precision NOT NULL,
  updated_at double precision NOT NULL
);
CREATE UNIQUE INDEX payments_idempotency ON payments (client_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX payments_bulk_information_id ON payments (client_id, payment_information_id)
  WHERE payment_information_id IS NOT NULL;

CREATE TABLE payment_status_history (
  id bigserial PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id),
  transaction_status text NOT NULL,
  reason text,
  at double precision NOT NULL
);
CREATE INDEX payment_status_history_payment ON payment_status_history (payment_id, id);

CREATE TABLE authorisations (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id),
  kind text NOT NULL CHECK (kind IN ('payment', 'cancellation')),
  sca_status text NOT NULL,
  psu_username text,
  created_at double precision NOT NULL,
  updated_at double precision NOT NULL
);
CREATE INDEX authorisations_payment ON authorisations (payment_id);

CREATE TABLE scheduled_transitions (
  id bigserial PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id),
  to_status text NOT NULL,
  due_at double precision NOT NULL,
  done boolean NOT NULL DEFAULT false
);
CREATE INDEX scheduled_transitions_due ON scheduled_transitions (due_at) WHERE NOT done;

CREATE TABLE sca_sessions (
  id_hash text PRIMARY KEY,
  authorisation_id text NOT NULL REFERENCES authorisations(id),
  username text NOT NULL REFERENCES psus(username),
  expires_at double precision NOT NULL
);
`,
  },
  {
    // Admin: fault rules. Notifications: an outbox filled by triggers on every transactionStatus and
    // scaStatus change of a payment that asked for notifications, and every delivery attempt.
    id: '0003_admin_faults_notifications',
    sql: `
CREATE TABLE fault_rules (
  id text PRIMARY KEY,
  rule jsonb NOT NULL,
  remaining integer,
  applied integer NOT NULL DEFAULT 0,
  created_at double precision NOT NULL
);

CREATE TABLE notification_outbox (
  id bigserial PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id),
  authorisation_id text,
  authorisation_kind text,
  kind text NOT NULL CHECK (kind IN ('transaction', 'sca')),
  status text NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at double precision NOT NULL DEFAULT 0,
  reordered boolean NOT NULL DEFAULT false,
  outcome text,
  created_at double precision NOT NULL,
  updated_at double precision NOT NULL
);
CREATE INDEX notification_outbox_open ON notification_outbox (payment_id, id) WHERE state IN ('pending', 'held');

CREATE TABLE notification_attempts (
  id bigserial PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES notification_outbox(id),
  payment_id text NOT NULL,
  attempt integer NOT NULL,
  url text NOT NULL,
  x_request_id text NOT NULL,
  body jsonb NOT NULL,
  status_code integer,
  duration_ms double precision NOT NULL,
  error text,
  fault text,
  at double precision NOT NULL
);
CREATE INDEX notification_attempts_outbox ON notification_attempts (outbox_id, id);

CREATE FUNCTION sandbox_clock_now() RETURNS double precision LANGUAGE sql AS $$
  SELECT offset_ms + extract(epoch FROM clock_timestamp()) * 1000 FROM clock WHERE id = 1
$$;

CREATE FUNCTION notify_transaction_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tpp_notification_uri IS NOT NULL AND NEW.transaction_status IS DISTINCT FROM OLD.transaction_status THEN
    INSERT INTO notification_outbox (payment_id, kind, status, created_at, updated_at)
    VALUES (NEW.id, 'transaction', NEW.transaction_status, sandbox_clock_now(), sandbox_clock_now());
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER payments_notify AFTER UPDATE OF transaction_status ON payments
  FOR EACH ROW EXECUTE FUNCTION notify_transaction_status();

CREATE FUNCTION notify_sca_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sca_status IS DISTINCT FROM OLD.sca_status THEN
    INSERT INTO notification_outbox (payment_id, authorisation_id, authorisation_kind, kind, status, created_at, updated_at)
    SELECT p.id, NEW.id, NEW.kind, 'sca', NEW.sca_status, sandbox_clock_now(), sandbox_clock_now()
    FROM payments p WHERE p.id = NEW.payment_id AND p.tpp_notification_uri IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER authorisations_notify AFTER UPDATE OF sca_status ON authorisations
  FOR EACH ROW EXECUTE FUNCTION notify_sca_status();
`,
  },
  {
    // Business interfaces and the webhooks service: b2b tokens, claims, subscriptions, an event outbox.
    id: '0004_webhooks_claims',
    sql: `
CREATE TABLE business_tokens (
  token_hash text PRIMARY KEY,
  username text NOT NULL REFERENCES psus(username),
  scope text NOT NULL,
  issued_at double precision NOT NULL,
  expires_at double precision NOT NULL
);

CREATE TABLE claims (
  id text PRIMARY KEY,
  claim_no integer NOT NULL,
  claimant_username text NOT NULL REFERENCES psus(username),
  claimant_kennitala text NOT NULL,
  claimant_name text NOT NULL,
  payor_id text NOT NULL,
  deposit_iban text NOT NULL,
  currency text NOT NULL,
  amount_minor numeric(30, 0) NOT NULL,
  paid_minor numeric(30, 0) NOT NULL DEFAULT 0,
  due_date text NOT NULL,
  reference text,
  partial_allowed boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  closing_date text,
  created_at double precision NOT NULL,
  updated_at double precision NOT NULL,
  UNIQUE (claimant_kennitala, claim_no)
);
CREATE INDEX claims_payor ON claims (payor_id);

CREATE TABLE claim_payments (
  id bigserial PRIMARY KEY,
  claim_id text NOT NULL REFERENCES claims(id),
  payment_id text NOT NULL,
  element_index integer NOT NULL,
  amount_minor numeric(30, 0) NOT NULL,
  partial boolean NOT NULL,
  at double precision NOT NULL,
  UNIQUE (payment_id, element_index)
);

CREATE TABLE webhook_subscriptions (
  id text PRIMARY KEY,
  owner text NOT NULL,
  callback_url text NOT NULL,
  event_types jsonb NOT NULL,
  description text NOT NULL,
  subject_scope text NOT NULL,
  signing_secret text NOT NULL,
  delivery_enabled boolean NOT NULL,
  disabled_reason text,
  disabled_at double precision,
  consecutive_given_up integer NOT NULL DEFAULT 0,
  created_at double precision NOT NULL,
  updated_at double precision NOT NULL,
  deleted_at double precision
);
CREATE INDEX webhook_subscriptions_owner ON webhook_subscriptions (owner) WHERE deleted_at IS NULL;

CREATE TABLE webhook_client_limits (
  owner text PRIMARY KEY,
  max_active integer NOT NULL
);

CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  owner text NOT NULL,
  event_type text NOT NULL,
  occurred_at double precision NOT NULL,
  resource_path text NOT NULL,
  kind text NOT NULL,
  created_at double precision NOT NULL
);

CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES webhook_subscriptions(id),
  event_id text NOT NULL REFERENCES webhook_events(id),
  kind text NOT NULL,
  status text NOT NULL,
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at double precision,
  leased_until double precision,
  last_status_code integer,
  created_at double precision NOT NULL,
  delivered_at double precision,
  given_up_at double precision
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries (subscription_id, created_at);

CREATE TABLE webhook_delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id),
  attempt integer NOT NULL,
  request_id text NOT NULL,
  at double precision NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  outcome text NOT NULL,
  error text
);
CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, id);
`,
  },
  {
    // PIS: SCA approaches per PSU, multilevel signers, per-authorisation state, richer execution.
    id: '0005_pis_sca_approaches',
    sql: `
ALTER TABLE psus ADD COLUMN sca_approach text NOT NULL DEFAULT 'redirect';
ALTER TABLE psus ADD COLUMN sca_methods jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE accounts ADD COLUMN credit_blocked boolean NOT NULL DEFAULT false;
CREATE TABLE psu_signers (
  company_username text NOT NULL REFERENCES psus(username),
  signer_username text NOT NULL REFERENCES psus(username),
  PRIMARY KEY (company_username, signer_username)
);
ALTER TABLE payments ADD COLUMN sca_approach text;
ALTER TABLE payments ADD COLUMN psu_username text;
ALTER TABLE payments ADD COLUMN no_funds_preferred boolean;
ALTER TABLE payments ADD COLUMN element_statuses jsonb;
ALTER TABLE authorisations ADD COLUMN approach text;
ALTER TABLE authorisations ADD COLUMN method_id text;
ALTER TABLE authorisations ADD COLUMN otp_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE authorisations ADD COLUMN tpp_redirect_uri text;
ALTER TABLE authorisations ADD COLUMN tpp_nok_redirect_uri text;
ALTER TABLE authorisations ADD COLUMN oauth_redirect_uri text;
ALTER TABLE authorisations ADD COLUMN oauth_state text;
ALTER TABLE authorisations ADD COLUMN oauth_code_hash text;
ALTER TABLE authorisations ADD COLUMN oauth_code_expires_at double precision;
ALTER TABLE authorisations ADD COLUMN confirmation_message text;
ALTER TABLE scheduled_transitions ADD COLUMN authorisation_id text;
ALTER TABLE scheduled_transitions ADD COLUMN params jsonb;
CREATE TABLE periodic_executions (
  id bigserial PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id),
  execution_date text NOT NULL,
  status text NOT NULL,
  at double precision NOT NULL
);
CREATE INDEX periodic_executions_payment ON periodic_executions (payment_id, id);
`,
  },
  {
    // PIS: the outcome of an initiation that failed under an Idempotency-Key, answered again to a repeat of the
    // key (ÍST TS 316). A successful one is its payment row (payments_idempotency).
    id: '0006_idempotent_failures',
    sql: `
CREATE TABLE initiation_failures (
  client_id text NOT NULL,
  idempotency_key text NOT NULL,
  status integer NOT NULL,
  error jsonb,
  created_at double precision NOT NULL,
  PRIMARY KEY (client_id, idempotency_key)
);
`,
  },
  {
    // The electronic-ID provider (src/identity): its people, its signing keys (kept, so that tokens signed
    // before a restart still verify), sign-ins under way, authorization codes and access tokens. Codes and
    // tokens are stored as SHA-256 hashes; times on the sandbox clock.
    id: '0007_identity_provider',
    sql: `
CREATE TABLE idp_people (
  kennitala text PRIMARY KEY,
  subject text NOT NULL UNIQUE,
  name text NOT NULL,
  email text,
  email_verified boolean NOT NULL DEFAULT false
);

CREATE TABLE idp_signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at double precision NOT NULL
);

CREATE TABLE idp_sign_ins (
  id_hash text PRIMARY KEY,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  scope text NOT NULL,
  state text,
  nonce text,
  code_challenge text NOT NULL,
  language text NOT NULL,
  expires_at double precision NOT NULL
);

CREATE TABLE idp_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  scope text NOT NULL,
  nonce text,
  code_challenge text NOT NULL,
  kennitala text NOT NULL REFERENCES idp_people(kennitala),
  auth_time double precision NOT NULL,
  expires_at double precision NOT NULL,
  consumed_at double precision
);

CREATE TABLE idp_access_tokens (
  token_hash text PRIMARY KEY,
  code_hash text NOT NULL REFERENCES idp_codes(code_hash),
  client_id text NOT NULL,
  kennitala text NOT NULL REFERENCES idp_people(kennitala),
  scope text NOT NULL,
  expires_at double precision NOT NULL,
  revoked boolean NOT NULL DEFAULT false
);
CREATE INDEX idp_access_tokens_code ON idp_access_tokens (code_hash);
`,
  },
  {
    // Claims as IOBWS-Claims 3.1 (ÍST TS 315) has them: the claim key's branch chosen by the claimant, a
    // collection state, final due and expiration dates, a template code; Cancelled as a status. Payment cards
    // behind card-deposits; accounts and PSUs the bank has blocked; business tokens made in the portal.
    id: '0008_claims_cards_blocks',
    sql: `
ALTER TABLE claims ADD COLUMN branch text;
UPDATE claims SET branch = substring(deposit_iban from 5 for 4);
ALTER TABLE claims ALTER COLUMN branch SET NOT NULL;
ALTER TABLE claims ADD COLUMN collection_state text NOT NULL DEFAULT 'PrimaryCollection';
ALTER TABLE claims ADD COLUMN final_due_date text;
UPDATE claims SET final_due_date = due_date;
ALTER TABLE claims ALTER COLUMN final_due_date SET NOT NULL;
ALTER TABLE claims ADD COLUMN expiration_date text;
UPDATE claims SET expiration_date = to_char(to_date(due_date, 'YYYY-MM-DD') + interval '4 years', 'YYYY-MM-DD');
ALTER TABLE claims ALTER COLUMN expiration_date SET NOT NULL;
ALTER TABLE claims ADD COLUMN template_code text NOT NULL DEFAULT '001';
ALTER TABLE claims ADD COLUMN bill_number text;
CREATE INDEX claims_payor_due ON claims (payor_id, due_date, id);
CREATE TABLE cards (
  masked_pan text PRIMARY KEY,
  holder_kennitala text NOT NULL,
  holder_name text NOT NULL,
  account_iban text NOT NULL REFERENCES accounts(iban),
  blocked boolean NOT NULL DEFAULT false
);
ALTER TABLE accounts ADD COLUMN blocked boolean NOT NULL DEFAULT false;
ALTER TABLE psus ADD COLUMN blocked boolean NOT NULL DEFAULT false;
ALTER TABLE business_tokens ADD COLUMN origin text NOT NULL DEFAULT 'credentials';
`,
  },
  {
    // OAuth SCA as BG IG 13 has it: the authorisation request's PKCE challenge, the code exchanged once at the
    // token endpoint (when, so that a second presentation is told apart and its token taken back), and the
    // access tokens so issued, each bound to its authorisation. Tokens are stored as SHA-256 hashes.
    id: '0009_oauth_sca_pkce',
    sql: `
ALTER TABLE authorisations ADD COLUMN oauth_code_challenge text;
ALTER TABLE authorisations ADD COLUMN oauth_code_used_at double precision;
CREATE INDEX authorisations_oauth_code ON authorisations (oauth_code_hash);
CREATE TABLE oauth_sca_tokens (
  token_hash text PRIMARY KEY,
  client_id text NOT NULL,
  payment_id text NOT NULL REFERENCES payments(id),
  authorisation_id text NOT NULL REFERENCES authorisations(id),
  scope text NOT NULL,
  expires_at double precision NOT NULL,
  revoked boolean NOT NULL DEFAULT false
);
CREATE INDEX oauth_sca_tokens_authorisation ON oauth_sca_tokens (authorisation_id);
`,
  },
];

export function migrationFingerprint(): string {
  return MIGRATIONS.map((m) => `${m.id}\n${m.sql}`).join('\n');
}

export async function migrate(db: Db): Promise<void> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set(
    (await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id),
  );
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      // Several instances on one PostgreSQL may start together: one migrates, the others wait and skip.
      await tx.query('SELECT pg_advisory_xact_lock(4010)');
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (done.length > 0) return;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    });
  }
}

/**
 * Splits migration SQL on `;`, except inside dollar-quoted bodies (`$$ … $$`, the statements of a function).
 * The SQL holds no string literals containing `;`.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  for (const [index, part] of sql.split('$$').entries()) {
    // Even parts are outside a dollar quote: each `;` there ends a statement.
    if (index % 2 === 1) {
      statements[statements.length - 1] += `$$${part}$$`;
      continue;
    }
    const pieces = part.split(';');
    if (statements.length === 0) statements.push('');
    statements[statements.length - 1] += pieces[0] ?? '';
    for (const piece of pieces.slice(1)) statements.push(piece);
  }
  return statements.map((s) => s.trim()).filter(Boolean);
}
