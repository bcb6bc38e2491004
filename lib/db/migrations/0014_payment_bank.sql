ALTER TABLE "payments" DROP CONSTRAINT "payments_bank_payment_id_unique";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_id" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_payment_idx" ON "payments" USING btree ("bank_id","bank_payment_id");