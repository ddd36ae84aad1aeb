-- Each app instance keeps signed-in sessions and their user rows in memory (the session cache).
-- Any change to a user, and any session ended, notifies 'data_changed' with 'sessions:user:<id>'
-- from the writing transaction, so that every instance drops what it holds for that user when the
-- change commits, whichever instance, CLI or psql session made it. Statement triggers with
-- transition tables send one notification per user however many rows a statement touched.
CREATE OR REPLACE FUNCTION "users_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', 'sessions:user:' || changed.id)
    FROM (SELECT DISTINCT "id" FROM old_rows) AS changed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_changed_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_changed_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_changed_notify"();
--> statement-breakpoint
-- Ended sessions: deleted, or cut short by hand. Sliding expiry only ever moves expires_at later,
-- which needs no notification.
CREATE OR REPLACE FUNCTION "sessions_deleted_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', 'sessions:user:' || ended.user_id)
    FROM (SELECT DISTINCT "user_id" FROM old_rows) AS ended;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sessions_cut_short_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', 'sessions:user:' || ended.user_id)
    FROM (
      SELECT DISTINCT o."user_id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE n."expires_at" < o."expires_at" OR n."user_id" <> o."user_id" OR n."token_hash" <> o."token_hash"
    ) AS ended;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended_delete" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sessions_deleted_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_ended_update" AFTER UPDATE ON "sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_cut_short_notify"();
--> statement-breakpoint
-- A truncation names no rows: every instance drops every cached session.
CREATE OR REPLACE FUNCTION "sessions_all_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', 'sessions:all');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_all_notify"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_all_notify"();
