ALTER TABLE "password_tokens" ADD COLUMN "purpose" text DEFAULT 'set_password' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;