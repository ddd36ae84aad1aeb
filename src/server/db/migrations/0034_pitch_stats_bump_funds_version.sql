-- Hand-written (issue 39): the fund results carry each fund's answer record to pitches, and every app
-- instance keeps the fund results in its in-memory index, rebuilt when the funds' data version moves.
-- A write to fund_pitch_stats (the pitch-stats job writes only records that changed) therefore bumps
-- that version, as the funds, their facts and the listed team members do.
CREATE TRIGGER "fund_pitch_stats_changed_row" AFTER INSERT OR UPDATE OR DELETE ON "fund_pitch_stats"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('funds');
--> statement-breakpoint
CREATE TRIGGER "fund_pitch_stats_changed_truncate" AFTER TRUNCATE ON "fund_pitch_stats"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('funds');
