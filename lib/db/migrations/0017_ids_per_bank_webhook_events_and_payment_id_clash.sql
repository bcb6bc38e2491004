ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_event_id_unique";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "clashing_bank_payment_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "bank_id" text;--> statement-breakpoint
UPDATE "webhook_events" SET "bank_id" = "webhook_subscriptions"."bank_id" FROM "webhook_subscriptions" WHERE "webhook_subscriptions"."id" = "webhook_events"."subscription_id";--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "bank_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_bank_event_idx" ON "webhook_events" USING btree ("bank_id","event_id");
