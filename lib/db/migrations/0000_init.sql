CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"transaction_status" text,
	"sca_status" text,
	"source" text NOT NULL,
	"detail" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psu_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"service" text NOT NULL,
	"product" text NOT NULL,
	"body" jsonb NOT NULL,
	"sca_language" text NOT NULL,
	"ui_locale" text NOT NULL,
	"phase" text DEFAULT 'new' NOT NULL,
	"transaction_status" text,
	"bank_payment_id" text,
	"sca_redirect" text,
	"claimed_until" timestamp with time zone,
	"failure_code" text,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"creditor_name" text,
	"creditor_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_bank_payment_id_unique" UNIQUE("bank_payment_id")
);
--> statement-breakpoint
CREATE TABLE "psus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"display_name" text NOT NULL,
	"kennitala" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psus_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_psu_submission_idx" ON "payments" USING btree ("psu_id","submission_id");--> statement-breakpoint
CREATE INDEX "payments_psu_created_idx" ON "payments" USING btree ("psu_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);