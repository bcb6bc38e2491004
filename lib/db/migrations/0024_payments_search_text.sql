-- Text folded as Icelanders type a search: lower case, accents off (NFD, combining marks dropped), þ → th,
-- ð → d, æ → ae, ø → o, ß → ss, no spaces, hyphens, en dashes or dots. The same as foldForSearch
-- (lib/payments/saved/payee-match.ts); the history's search folds both what it reads and what is typed with it.
CREATE FUNCTION greidsla_search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN replace(replace(replace(replace(replace(
    regexp_replace(normalize(lower(value), NFD), '[\u0300-\u036f[:space:].\u2013-]', '', 'g'),
    'þ', 'th'), 'ð', 'd'), 'æ', 'ae'), 'ø', 'o'), 'ß', 'ss');
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (greidsla_search_fold(coalesce("payments"."creditor_name", '') || '|' || coalesce("payments"."label", '') || '|' || "payments"."creditor_account" || '|' || coalesce("payments"."reference", '') || '|' || case when "payments"."service" = 'bulk-payments' then coalesce(jsonb_path_query_array("payments"."body", '$.payments[*].ultimateCreditor')::text, '') else '' end)) STORED;