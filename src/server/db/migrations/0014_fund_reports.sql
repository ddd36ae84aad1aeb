CREATE TABLE "fund_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"field" text NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
ALTER TABLE "fund_reports" ADD CONSTRAINT "fund_reports_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD CONSTRAINT "fund_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD CONSTRAINT "fund_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_reports_status_created_idx" ON "fund_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fund_reports_user_created_idx" ON "fund_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fund_reports_fund_id_idx" ON "fund_reports" USING btree ("fund_id");