CREATE TABLE "email_verifications" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"psu_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kennitala_links" (
	"kennitala" text PRIMARY KEY NOT NULL,
	"psu_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kennitala_links_psu_id_unique" UNIQUE("psu_id")
);
--> statement-breakpoint
CREATE TABLE "psu_roles" (
	"psu_id" uuid NOT NULL,
	"role" text NOT NULL,
	"granted_by" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psu_roles_psu_id_role_pk" PRIMARY KEY("psu_id","role")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psu_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "correction_of" uuid;--> statement-breakpoint
ALTER TABLE "psus" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kennitala_links" ADD CONSTRAINT "kennitala_links_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psu_roles" ADD CONSTRAINT "psu_roles_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_psu_idx" ON "email_verifications" USING btree ("psu_id");--> statement-breakpoint
CREATE INDEX "sessions_psu_idx" ON "sessions" USING btree ("psu_id");--> statement-breakpoint
CREATE INDEX "payments_psu_correction_idx" ON "payments" USING btree ("psu_id","correction_of");