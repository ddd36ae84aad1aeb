CREATE TABLE "fund_pitch_stats" (
	"fund_id" integer PRIMARY KEY NOT NULL,
	"received" integer NOT NULL,
	"answered" integer NOT NULL,
	"median_days_to_answer" double precision,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pitch_deck_chunks" (
	"pitch_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "pitch_deck_chunks_pitch_id_seq_pk" PRIMARY KEY("pitch_id","seq")
);
--> statement-breakpoint
CREATE TABLE "pitch_deck_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"pitch_id" text NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pages" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pitches" (
	"id" text PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"founder_id" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"startup_name" text NOT NULL,
	"stage" text,
	"sectors" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" text,
	"raise_amount_usd" double precision,
	"description" text,
	"message" text NOT NULL,
	"deck_url" text,
	"deck_storage" text,
	"deck_key" text,
	"deck_pages" integer,
	"deck_bytes" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"decision" text,
	"reason" text,
	"note" text,
	"withdrawn_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	"spam_reported_at" timestamp with time zone,
	"spam_reported_by" integer,
	CONSTRAINT "pitches_status_known" CHECK (status in ('sent', 'reviewing', 'meeting', 'passed', 'withdrawn')),
	CONSTRAINT "pitches_answer_whole" CHECK (("pitches"."decision" is null) = ("pitches"."answered_at" is null) and ("pitches"."reason" is null or "pitches"."decision" = 'pass')),
	CONSTRAINT "pitches_deck_url_https" CHECK ("pitches"."deck_url" is null or "pitches"."deck_url" ~* '^https://'),
	CONSTRAINT "pitches_message_length" CHECK (char_length("pitches"."message") between 50 and 2000),
	CONSTRAINT "pitches_note_length" CHECK ("pitches"."note" is null or char_length("pitches"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "funds" DROP CONSTRAINT "funds_pitch_target_matches_route";--> statement-breakpoint
ALTER TABLE "email_preferences" ADD COLUMN "pitch_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_pitch_stats" ADD CONSTRAINT "fund_pitch_stats_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_deck_chunks" ADD CONSTRAINT "pitch_deck_chunks_pitch_id_pitches_id_fk" FOREIGN KEY ("pitch_id") REFERENCES "public"."pitches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_deck_views" ADD CONSTRAINT "pitch_deck_views_pitch_id_pitches_id_fk" FOREIGN KEY ("pitch_id") REFERENCES "public"."pitches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_deck_views" ADD CONSTRAINT "pitch_deck_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_founder_id_users_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitches" ADD CONSTRAINT "pitches_spam_reported_by_users_id_fk" FOREIGN KEY ("spam_reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pitch_deck_views_pitch_idx" ON "pitch_deck_views" USING btree ("pitch_id","viewed_at");--> statement-breakpoint
CREATE INDEX "pitches_fund_sent_idx" ON "pitches" USING btree ("fund_id","sent_at");--> statement-breakpoint
CREATE INDEX "pitches_founder_sent_idx" ON "pitches" USING btree ("founder_id","sent_at");--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_pitch_target_matches_route" CHECK (("funds"."pitch_route" is null and "funds"."pitch_target" is null) or ("funds"."pitch_route" in ('warm_intro', 'fundmatch') and "funds"."pitch_target" is null) or ("funds"."pitch_route" in ('form', 'email') and "funds"."pitch_target" is not null));