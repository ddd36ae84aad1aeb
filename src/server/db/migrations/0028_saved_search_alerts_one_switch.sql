-- Saved-search alerts get one switch, each saved search's own: an account that had turned the
-- alerts' e-mail off keeps receiving none, its searches' alerts now off.
UPDATE "saved_searches" SET "alerts" = false WHERE "alerts" AND "user_id" IN (SELECT "user_id" FROM "email_preferences" WHERE NOT "saved_search_alerts");--> statement-breakpoint
ALTER TABLE "email_preferences" DROP COLUMN "saved_search_alerts";
