-- Each instance keeps the sessions it has resolved in memory (auth/session-cache.ts). Any change
-- to a user or a session that could change what a session may do (a subscription, a role, an
-- account status, a logout, a password change, a deletion) bumps data_versions('accounts') and
-- notifies 'data_changed' in the same transaction, and every instance drops what it cached. A new
-- session or a new user changes nothing cached, so inserts do not notify.
INSERT INTO "data_versions" ("name", "version") VALUES ('accounts', 1) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "users_changed_row" AFTER UPDATE OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('accounts');
--> statement-breakpoint
CREATE TRIGGER "users_changed_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('accounts');
--> statement-breakpoint
CREATE TRIGGER "sessions_changed_row" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('accounts');
--> statement-breakpoint
CREATE TRIGGER "sessions_changed_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('accounts');
