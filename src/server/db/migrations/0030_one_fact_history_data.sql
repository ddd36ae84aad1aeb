-- One history of a fund's facts (issue 36, docs/decisions/0061-one-fact-history.md): the fund
-- team's changes were the only rows of fund_fact_changes; the other writers' value changes were in
-- fund_fact_revisions, as text. They move here, and fund_fact_revisions is dropped by the next
-- migration.

-- The team's changes and the admins' reverts of them, as they were: one batch per save.
UPDATE "fund_fact_changes"
SET "writer" = CASE WHEN "after" ? 'revertOf' THEN 'revert' ELSE 'fund_team' END,
    "batch_id" = md5('team:' || "fund_id" || ':' || coalesce("user_id"::text, '') || ':' || "changed_at"::text)::uuid;
--> statement-breakpoint

-- A revision's text (a list joined by ';', money in its currency) as the history's value.
CREATE FUNCTION "fundmatch_history_value"(field text, v text, c text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN field IN ('fundingStages', 'industryFocus') THEN to_jsonb(coalesce(string_to_array(nullif(v, ''), ';'), '{}'::text[]))
    WHEN field = 'portfolio' THEN coalesce(
      (SELECT jsonb_agg(jsonb_build_object('name', name, 'url', NULL)) FROM unnest(string_to_array(nullif(v, ''), ';')) AS name),
      '[]'::jsonb)
    WHEN v IS NULL THEN 'null'::jsonb
    WHEN field = 'fundSize' AND v ~ '^[0-9.eE+-]+$' THEN jsonb_build_object('amount', v::float8, 'currency', coalesce(c, 'USD'), 'closeDate', NULL)
    WHEN field = 'aum' AND v ~ '^[0-9.eE+-]+$' THEN jsonb_build_object('amount', v::float8, 'currency', coalesce(c, 'USD'))
    WHEN field IN ('checkSizeMinUsd', 'checkSizeMaxUsd') AND v ~ '^[0-9.eE+-]+$' THEN to_jsonb(v::float8)
    WHEN field IN ('leadsRounds', 'sectorAgnostic') AND v IN ('true', 'false') THEN to_jsonb(v::boolean)
    WHEN field = 'investingStatus' THEN jsonb_build_object('status', v, 'pausedUntil', NULL)
    WHEN field = 'pitchRoute' THEN jsonb_build_object('route', v, 'target', NULL)
    ELSE to_jsonb(v)
  END
$$;
--> statement-breakpoint

-- The other writers' changes. A revision written by the fund's editor or a revert (the same fact
-- of the same fund within a minute of a team change) is already here. Which writer it was is read
-- from what happened at the time: an import's run began in the same transaction (the same now()),
-- the curated data step marked itself done at the end of its own; anything else was an admin's
-- edit, whose author was not recorded. The provenance each side had was not kept (`legacy`): such a
-- change is shown, and feeds the alerts, but cannot be reverted.
INSERT INTO "fund_fact_changes"
  ("fund_id", "writer", "user_id", "author_email", "import_id", "batch_id", "field", "before", "after", "changed_at")
SELECT r."fund_id",
  CASE
    WHEN run."id" IS NOT NULL THEN 'import'
    WHEN step."updated_at" IS NOT NULL AND r."recorded_at" <= step."updated_at"
      AND step."updated_at" - r."recorded_at" < interval '10 minutes' THEN 'seed'
    ELSE 'admin'
  END,
  run."admin_id",
  run."admin_email",
  run."id",
  md5('revision:' || r."fund_id" || ':' || r."recorded_at"::text)::uuid,
  r."field",
  jsonb_build_object('value', "fundmatch_history_value"(r."field", r."value_before", r."currency_before"), 'fact', NULL, 'legacy', true),
  jsonb_build_object('value', "fundmatch_history_value"(r."field", r."value_after", r."currency_after"), 'fact', NULL, 'legacy', true),
  r."recorded_at"
FROM "fund_fact_revisions" r
LEFT JOIN LATERAL (
  SELECT "id", "admin_id", "admin_email" FROM "import_runs"
  WHERE "status" = 'completed' AND "started_at" = r."recorded_at"
  ORDER BY "id" LIMIT 1
) run ON true
LEFT JOIN "data_versions" step ON step."name" = 'funds_curated_data'
WHERE NOT EXISTS (
  SELECT 1 FROM "fund_fact_changes" c
  WHERE c."fund_id" = r."fund_id" AND c."field" = r."field"
    AND c."changed_at" BETWEEN r."recorded_at" - interval '1 minute' AND r."recorded_at" + interval '1 minute'
)
ORDER BY r."id";
--> statement-breakpoint

DROP FUNCTION "fundmatch_history_value"(text, text, text);
--> statement-breakpoint

-- An import's file name was shown on the public page as the facts' source ("source:
-- walk-update.csv"). Such facts are an admin's word without a named source, as an import now
-- records them when the admin names none; the file's name stays in the import's history. Each
-- update runs only where there is something to change: the funds' triggers count every statement,
-- and a fresh database must stay at its pristine data version (the seed waits for it).
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "fund_facts" f
    WHERE f."source_url" IS NULL AND f."origin" = 'source' AND f."source_name" <> 'curated'
      AND (EXISTS (SELECT 1 FROM "import_runs" run WHERE run."file_name" = f."source_name")
        OR f."source_name" ~* '\.(csv|tsv|txt|xlsx?)$')
  ) THEN
    UPDATE "fund_facts" f
    SET "source_name" = 'FundMatch admin', "origin" = 'admin'
    WHERE f."source_url" IS NULL AND f."origin" = 'source' AND f."source_name" <> 'curated'
      AND (EXISTS (SELECT 1 FROM "import_runs" run WHERE run."file_name" = f."source_name")
        OR f."source_name" ~* '\.(csv|tsv|txt|xlsx?)$');
  END IF;
  IF EXISTS (
    SELECT 1 FROM "funds"
    WHERE "source" NOT IN ('curated', 'FundMatch admin')
      AND (EXISTS (SELECT 1 FROM "import_runs" run WHERE run."file_name" = "funds"."source")
        OR "source" ~* '\.(csv|tsv|txt|xlsx?)$')
  ) THEN
    UPDATE "funds"
    SET "source" = 'FundMatch admin'
    WHERE "source" NOT IN ('curated', 'FundMatch admin')
      AND (EXISTS (SELECT 1 FROM "import_runs" run WHERE run."file_name" = "funds"."source")
        OR "source" ~* '\.(csv|tsv|txt|xlsx?)$');
  END IF;
END
$$;
