CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"admin_id" integer,
	"admin_email" text,
	"file_name" text NOT NULL,
	"file_bytes" integer DEFAULT 0 NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"successful_imports" integer DEFAULT 0 NOT NULL,
	"failed_imports" integer DEFAULT 0 NOT NULL,
	"duplicates_found" integer DEFAULT 0 NOT NULL,
	"duplicates_skipped" integer DEFAULT 0 NOT NULL,
	"duplicates_updated" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funds_import_id_idx" ON "funds" USING btree ("import_id");