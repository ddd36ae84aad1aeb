ALTER TABLE "fund_facts" DROP CONSTRAINT "fund_facts_field_known";--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ALTER COLUMN "author_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD COLUMN "writer" text DEFAULT 'fund_team' NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD CONSTRAINT "fund_fact_changes_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_fact_changes_changed_at_idx" ON "fund_fact_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "fund_fact_changes_import_idx" ON "fund_fact_changes" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "fund_fact_changes_batch_idx" ON "fund_fact_changes" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD CONSTRAINT "fund_fact_changes_writer_known" CHECK (writer in ('seed', 'import', 'admin', 'fund_team', 'revert'));--> statement-breakpoint
ALTER TABLE "fund_facts" ADD CONSTRAINT "fund_facts_field_known" CHECK (field in ('fundSize', 'aum', 'checkSizeMinUsd', 'checkSizeMaxUsd', 'leadsRounds', 'website', 'portfolio', 'fundingStages', 'industryFocus', 'sectorAgnostic', 'vehicleName', 'description', 'investingStatus', 'pitchRoute', 'status'));--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_status_known" CHECK (status in ('winding_down', 'not_raising', 'paused'));