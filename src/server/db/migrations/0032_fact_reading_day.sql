ALTER TABLE "fund_facts" ADD COLUMN "retrieved_on" date;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "curated_on" date;