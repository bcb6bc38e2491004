ALTER TABLE "payments" ADD COLUMN "refused_fields" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status_read_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "costs" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "costs_decision" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_notes" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bulk_results" jsonb;