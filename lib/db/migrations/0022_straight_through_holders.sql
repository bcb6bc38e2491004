CREATE TABLE "holder_mandates" (
	"psu_id" uuid NOT NULL,
	"holder_kennitala" text NOT NULL,
	"granted_by" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holder_mandates_psu_id_holder_kennitala_pk" PRIMARY KEY("psu_id","holder_kennitala")
);
--> statement-breakpoint
ALTER TABLE "holder_mandates" ADD CONSTRAINT "holder_mandates_psu_id_psus_id_fk" FOREIGN KEY ("psu_id") REFERENCES "public"."psus"("id") ON DELETE no action ON UPDATE no action;