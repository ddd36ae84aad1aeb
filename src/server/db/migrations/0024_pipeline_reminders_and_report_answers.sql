CREATE TABLE "pipeline_reminder_days" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD COLUMN "changed_fields" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD COLUMN "reply" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_reports" ADD COLUMN "reporter_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipeline_reminder_days" ADD CONSTRAINT "pipeline_reminder_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;