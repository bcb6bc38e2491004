CREATE TABLE "standing_order_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psu_id" uuid NOT NULL,
	"old_payment_id" uuid NOT NULL,
	"state" text NOT NULL,
	"changed" jsonb NOT NULL,
	"new_payment_id" uuid,
	"message_key" text,
	"field_errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "bulk_templates" ADD COLUMN "service" text DEFAULT 'bulk-payments' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_templates" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "payees" ADD COLUMN "favourite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_order_changes" ADD CONSTRAINT "standing_order_changes_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_changes" ADD CONSTRAINT "standing_order_changes_old_payment_id_payments_id_fk" FOREIGN KEY ("old_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_order_changes" ADD CONSTRAINT "standing_order_changes_new_payment_id_payments_id_fk" FOREIGN KEY ("new_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_order_changes_old_idx" ON "standing_order_changes" USING btree ("old_payment_id");--> statement-breakpoint
CREATE INDEX "standing_order_changes_psu_idx" ON "standing_order_changes" USING btree ("psu_id");