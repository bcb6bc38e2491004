CREATE TABLE "payment_end_mails" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"transaction_status" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psu_notice_settings" (
	"psu_id" uuid PRIMARY KEY NOT NULL,
	"status_seen_through" bigint DEFAULT 0 NOT NULL,
	"mail_on_payment_end" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_end_mails" ADD CONSTRAINT "payment_end_mails_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psu_notice_settings" ADD CONSTRAINT "psu_notice_settings_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;