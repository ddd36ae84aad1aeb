ALTER TABLE "saved_funds" ADD COLUMN "status" text DEFAULT 'to_contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_funds" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_funds" ADD COLUMN "next_step_date" date;--> statement-breakpoint
ALTER TABLE "saved_funds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_funds" ADD CONSTRAINT "saved_funds_status_check" CHECK ("saved_funds"."status" in ('to_contact', 'contacted', 'in_conversation', 'passed', 'committed'));--> statement-breakpoint
ALTER TABLE "saved_funds" ADD CONSTRAINT "saved_funds_note_length_check" CHECK (char_length("saved_funds"."note") <= 2000);