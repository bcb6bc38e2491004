DROP INDEX "payments_bill_in_flight_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bill_amount_due" text;--> statement-breakpoint
-- A bill's payments saved before: what their bill has due now, so that one still in flight holds it as before.
UPDATE "payments" SET "bill_amount_due" = "bills"."total_amount_due" FROM "bills" WHERE "bills"."bank_id" = "payments"."bill_bank_id" AND "bills"."claim_id" = "payments"."bill_claim_id";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bill_in_flight_idx" ON "payments" USING btree ("bill_bank_id","bill_claim_id","bill_amount_due") WHERE "payments"."bill_claim_id" is not null and "payments"."phase" <> 'refused' and coalesce("payments"."transaction_status", '') not in ('RJCT', 'CANC');