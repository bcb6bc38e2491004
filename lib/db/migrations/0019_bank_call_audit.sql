CREATE TABLE "bank_call_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"bank_id" text,
	"bank_interface" text NOT NULL,
	"operation" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_id" text NOT NULL,
	"psu_id" uuid,
	"payment_id" uuid,
	"app_request_id" text,
	"job" text,
	"trace_id" text,
	"status" integer,
	"error_codes" text[] DEFAULT '{}' NOT NULL,
	"failure" text,
	"duration_ms" integer NOT NULL,
	"retry" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bank_call_audit_payment_idx" ON "bank_call_audit" USING btree ("payment_id","at");--> statement-breakpoint
CREATE INDEX "bank_call_audit_bank_idx" ON "bank_call_audit" USING btree ("bank_id","at");--> statement-breakpoint
CREATE INDEX "bank_call_audit_at_idx" ON "bank_call_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bank_call_audit_request_idx" ON "bank_call_audit" USING btree ("request_id");