CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"content" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"featured_image_url" text,
	"seo_title" text,
	"seo_description" text,
	"seo_keywords" text,
	"author_id" integer,
	"author_name" text NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_idx" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at") WHERE "blog_posts"."status" = 'published';--> statement-breakpoint
-- One trigger function for every data set an instance keeps in memory: it bumps the set's row in
-- data_versions and notifies 'data_changed' with '<name>:<version>' in the writing transaction. The
-- funds move over to it from their own function; the blog posts are the second data set.
CREATE OR REPLACE FUNCTION "data_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  set_name text := TG_ARGV[0];
  next_version integer;
BEGIN
  INSERT INTO "data_versions" ("name", "version") VALUES (set_name, 1)
    ON CONFLICT ("name") DO UPDATE SET "version" = "data_versions"."version" + 1, "updated_at" = now()
    RETURNING "version" INTO next_version;
  PERFORM pg_notify('data_changed', set_name || ':' || next_version);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version") VALUES ('blog', 1) ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "blog_posts_changed_row" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('blog');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_changed_truncate" AFTER TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('blog');
--> statement-breakpoint
DROP TRIGGER "funds_changed_row" ON "funds";
--> statement-breakpoint
DROP TRIGGER "funds_changed_truncate" ON "funds";
--> statement-breakpoint
CREATE TRIGGER "funds_changed_row" AFTER INSERT OR UPDATE OR DELETE ON "funds"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('funds');
--> statement-breakpoint
CREATE TRIGGER "funds_changed_truncate" AFTER TRUNCATE ON "funds"
  FOR EACH STATEMENT EXECUTE FUNCTION "data_version_bump"('funds');
--> statement-breakpoint
DROP FUNCTION "funds_changed"();
