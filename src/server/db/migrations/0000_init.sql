CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fund_size" double precision,
	"currency" text,
	"country" text NOT NULL,
	"country_code" text,
	"city" text,
	"funding_stages" text[] NOT NULL,
	"industry_focus" text[] NOT NULL,
	"fund_manager" text,
	"linkedin" text,
	"website" text,
	"check_size_min_usd" bigint,
	"check_size_max_usd" bigint,
	"leads_rounds" boolean,
	"founded_year" smallint,
	"description" text,
	"source" text DEFAULT 'import' NOT NULL,
	"last_reviewed" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "funds_name_country_idx" ON "funds" USING btree (lower("name"),lower("country"));