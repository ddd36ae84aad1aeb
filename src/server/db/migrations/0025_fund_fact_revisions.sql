CREATE TABLE "fund_fact_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"field" text NOT NULL,
	"value_before" text,
	"currency_before" text,
	"value_after" text,
	"currency_after" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_fact_revisions" ADD CONSTRAINT "fund_fact_revisions_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_fact_revisions_recorded_at_idx" ON "fund_fact_revisions" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "fund_fact_revisions_fund_id_idx" ON "fund_fact_revisions" USING btree ("fund_id");