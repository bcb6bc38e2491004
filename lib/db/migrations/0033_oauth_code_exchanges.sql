CREATE TABLE "oauth_code_exchanges" (
	"payment_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"authorisation" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	CONSTRAINT "oauth_code_exchanges_payment_id_code_hash_pk" PRIMARY KEY("payment_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "oauth_code_exchanges" ADD CONSTRAINT "oauth_code_exchanges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;