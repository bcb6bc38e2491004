CREATE TABLE "payment_notification_tokens" (
	"payment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notification_tokens_payment_id_token_hash_pk" PRIMARY KEY("payment_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" jsonb,
	"request_id" text,
	"status" text DEFAULT 'received' NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"schema_version" text NOT NULL,
	"occurred_at" timestamp (6) with time zone NOT NULL,
	"self_link" text,
	"links" jsonb NOT NULL,
	"request_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"detail" jsonb,
	CONSTRAINT "webhook_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_subscription_id" text NOT NULL,
	"callback_url" text NOT NULL,
	"event_types" jsonb NOT NULL,
	"description" text,
	"signing_secret_sealed" text NOT NULL,
	"previous_signing_secret_sealed" text,
	"previous_secret_valid_until" timestamp with time zone,
	"delivery_enabled" boolean DEFAULT false NOT NULL,
	"disabled_reason" text DEFAULT 'pending_activation',
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscriptions_bank_subscription_id_unique" UNIQUE("bank_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "payment_notification_tokens" ADD CONSTRAINT "payment_notification_tokens_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notifications_payment_idx" ON "payment_notifications" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("subscription_id","processed_at","occurred_at");--> statement-breakpoint
CREATE INDEX "webhook_events_self_idx" ON "webhook_events" USING btree ("self_link","occurred_at");--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at");