CREATE TABLE "startup_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"stage" text,
	"sectors" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" text,
	"raise_amount_usd" double precision,
	"needs_lead" boolean,
	"description" text,
	"round_target_usd" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "startup_profiles_description_length_check" CHECK (char_length("startup_profiles"."description") <= 280)
);
--> statement-breakpoint
ALTER TABLE "startup_profiles" ADD CONSTRAINT "startup_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;