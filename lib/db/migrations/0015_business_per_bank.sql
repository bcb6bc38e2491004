ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "webhook_subscriptions_bank_subscription_id_unique";--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "bank_id" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_subscriptions_bank_idx" ON "webhook_subscriptions" USING btree ("bank_id","bank_subscription_id");--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "bank_id" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_pkey";--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_bank_id_claim_id_pk" PRIMARY KEY("bank_id","claim_id");
