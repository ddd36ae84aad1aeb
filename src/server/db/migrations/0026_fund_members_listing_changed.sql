-- Hand-written (issue 24, feat/signals): the fund results carry each fund's listed team members,
-- and every app instance keeps the fund results in its in-memory index, rebuilt when the funds'
-- data version moves. A change to who is listed (or to a listed member's name, role or LinkedIn)
-- therefore bumps that version (data_version_bump, as the funds and their facts do). Row triggers with WHEN, so
-- that joining or leaving a team unlisted (and the claims' other writes) never rebuilds the index.
CREATE TRIGGER "fund_members_listing_insert" AFTER INSERT ON "fund_members"
  FOR EACH ROW WHEN (NEW."listed") EXECUTE FUNCTION "data_version_bump"('funds');
--> statement-breakpoint
CREATE TRIGGER "fund_members_listing_update" AFTER UPDATE OF "listed", "listed_name", "listed_role", "listed_linkedin" ON "fund_members"
  FOR EACH ROW WHEN (OLD."listed" OR NEW."listed") EXECUTE FUNCTION "data_version_bump"('funds');
--> statement-breakpoint
CREATE TRIGGER "fund_members_listing_delete" AFTER DELETE ON "fund_members"
  FOR EACH ROW WHEN (OLD."listed") EXECUTE FUNCTION "data_version_bump"('funds');
