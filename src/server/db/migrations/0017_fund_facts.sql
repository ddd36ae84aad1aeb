CREATE TABLE "fund_facts" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" text,
	"currency" text,
	"kind" text NOT NULL,
	"source_name" text NOT NULL,
	"source_url" text,
	"as_of" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_facts_field_known" CHECK (field in ('fundSize', 'aum', 'checkSizeMinUsd', 'checkSizeMaxUsd', 'leadsRounds', 'website', 'portfolio', 'fundingStages', 'industryFocus', 'sectorAgnostic')),
	CONSTRAINT "fund_facts_kind_known" CHECK (kind in ('final_close', 'first_close', 'target', 'aum', 'typical', 'stated')),
	CONSTRAINT "fund_facts_source_url_http" CHECK ("fund_facts"."source_url" is null or "fund_facts"."source_url" ~* '^https?://'),
	CONSTRAINT "fund_facts_as_of_form" CHECK ("fund_facts"."as_of" is null or "fund_facts"."as_of" ~ '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$')
);
--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "aum" double precision;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "aum_currency" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "sector_agnostic" boolean;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "portfolio" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_facts" ADD CONSTRAINT "fund_facts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_facts_fund_field_idx" ON "fund_facts" USING btree ("fund_id","field");--> statement-breakpoint
-- A fact's provenance is part of the fund data the in-memory index serves: writing it moves the
-- funds' data version (and notifies the other instances) like a write to funds.
CREATE TRIGGER "fund_facts_changed_row" AFTER INSERT OR UPDATE OR DELETE ON "fund_facts"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('funds');
--> statement-breakpoint
CREATE TRIGGER "fund_facts_changed_truncate" AFTER TRUNCATE ON "fund_facts"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('funds');
