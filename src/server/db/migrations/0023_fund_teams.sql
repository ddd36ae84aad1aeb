CREATE TABLE "fund_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision_note" text
);
--> statement-breakpoint
CREATE TABLE "fund_fact_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"user_id" integer,
	"author_email" text NOT NULL,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reverted_at" timestamp with time zone,
	"reverted_by" integer
);
--> statement-breakpoint
CREATE TABLE "fund_members" (
	"fund_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"via" text NOT NULL,
	"email" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"listed_name" text,
	"listed_role" text,
	"listed_linkedin" text,
	CONSTRAINT "fund_members_fund_id_user_id_pk" PRIMARY KEY("fund_id","user_id"),
	CONSTRAINT "fund_members_listed_linkedin_http" CHECK ("fund_members"."listed_linkedin" is null or "fund_members"."listed_linkedin" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "fund_monthly_counts" (
	"fund_id" integer NOT NULL,
	"month" date NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"shortlists" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fund_monthly_counts_fund_id_month_pk" PRIMARY KEY("fund_id","month"),
	CONSTRAINT "fund_monthly_counts_first_day" CHECK (extract(day from "fund_monthly_counts"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "fund_facts" DROP CONSTRAINT "fund_facts_field_known";--> statement-breakpoint
ALTER TABLE "fund_facts" ADD COLUMN "origin" text DEFAULT 'source' NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "vehicle_name" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "investing_status" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "pitch_route" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "pitch_target" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "portfolio_links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_claims" ADD CONSTRAINT "fund_claims_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_claims" ADD CONSTRAINT "fund_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_claims" ADD CONSTRAINT "fund_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD CONSTRAINT "fund_fact_changes_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD CONSTRAINT "fund_fact_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_fact_changes" ADD CONSTRAINT "fund_fact_changes_reverted_by_users_id_fk" FOREIGN KEY ("reverted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_members" ADD CONSTRAINT "fund_members_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_members" ADD CONSTRAINT "fund_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_monthly_counts" ADD CONSTRAINT "fund_monthly_counts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_claims_token_hash_idx" ON "fund_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "fund_claims_status_created_idx" ON "fund_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fund_claims_fund_idx" ON "fund_claims" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "fund_claims_user_idx" ON "fund_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fund_fact_changes_fund_changed_idx" ON "fund_fact_changes" USING btree ("fund_id","changed_at");--> statement-breakpoint
CREATE INDEX "fund_fact_changes_user_idx" ON "fund_fact_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fund_members_user_idx" ON "fund_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "fund_facts" ADD CONSTRAINT "fund_facts_origin_known" CHECK (origin in ('source', 'admin', 'fund_team'));--> statement-breakpoint
ALTER TABLE "fund_facts" ADD CONSTRAINT "fund_facts_field_known" CHECK (field in ('fundSize', 'aum', 'checkSizeMinUsd', 'checkSizeMaxUsd', 'leadsRounds', 'website', 'portfolio', 'fundingStages', 'industryFocus', 'sectorAgnostic', 'vehicleName', 'description', 'investingStatus', 'pitchRoute'));--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_paused_until_only_when_paused" CHECK ("funds"."paused_until" is null or "funds"."investing_status" = 'paused');--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_pitch_target_matches_route" CHECK (("funds"."pitch_route" is null and "funds"."pitch_target" is null) or ("funds"."pitch_route" = 'warm_intro' and "funds"."pitch_target" is null) or ("funds"."pitch_route" in ('form', 'email') and "funds"."pitch_target" is not null));--> statement-breakpoint
-- Hand-written: facts an admin recorded before origins existed carry the admin edit's source name.
-- Only when there are any: the table's statement trigger bumps the funds' data version on every
-- UPDATE, even of no rows, and a fresh database must stay "pristine" for its first seed.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "fund_facts" WHERE "source_name" = 'FundMatch admin') THEN
    UPDATE "fund_facts" SET "origin" = 'admin' WHERE "source_name" = 'FundMatch admin';
  END IF;
END $$;
