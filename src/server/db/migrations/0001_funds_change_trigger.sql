-- Every write to funds bumps data_versions('funds') and notifies 'data_changed', in the same
-- transaction: each app instance keeps an in-memory search index and learns of changes made by
-- any instance (or by hand in psql) through LISTEN, and can compare versions after a reconnect.
INSERT INTO "data_versions" ("name", "version") VALUES ('funds', 1) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "funds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version integer;
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1, "updated_at" = now()
    WHERE "name" = 'funds' RETURNING "version" INTO next_version;
  PERFORM pg_notify('data_changed', 'funds:' || coalesce(next_version, 0));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "funds_changed_row" AFTER INSERT OR UPDATE OR DELETE ON "funds"
  FOR EACH STATEMENT EXECUTE FUNCTION "funds_changed"();
--> statement-breakpoint
CREATE TRIGGER "funds_changed_truncate" AFTER TRUNCATE ON "funds"
  FOR EACH STATEMENT EXECUTE FUNCTION "funds_changed"();
