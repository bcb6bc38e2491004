CREATE TABLE "bills" (
	"claim_id" text PRIMARY KEY NOT NULL,
	"payor_id" text NOT NULL,
	"claimant_name" text NOT NULL,
	"status" text NOT NULL,
	"amount" text NOT NULL,
	"total_amount_due" text NOT NULL,
	"currency" text NOT NULL,
	"due_date" text NOT NULL,
	"reference" text,
	"deposit_iban" text NOT NULL,
	"is_partial_payment_allowed" boolean DEFAULT false NOT NULL,
	"is_partially_paid" boolean DEFAULT false NOT NULL,
	"paid_event_id" uuid,
	"paid_event_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bills_payor_idx" ON "bills" USING btree ("payor_id","due_date");