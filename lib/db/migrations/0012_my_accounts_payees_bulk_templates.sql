CREATE TABLE "bulk_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psu_id" uuid NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psu_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account_kind" text NOT NULL,
	"account" text NOT NULL,
	"kennitala" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psu_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psu_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_templates" ADD CONSTRAINT "bulk_templates_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psu_accounts" ADD CONSTRAINT "psu_accounts_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_templates_psu_idx" ON "bulk_templates" USING btree ("psu_id","created_at");--> statement-breakpoint
CREATE INDEX "payees_psu_idx" ON "payees" USING btree ("psu_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "psu_accounts_psu_iban_idx" ON "psu_accounts" USING btree ("psu_id","iban");