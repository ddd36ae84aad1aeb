CREATE TABLE "saved_funds" (
	"user_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_funds_user_id_fund_id_pk" PRIMARY KEY("user_id","fund_id")
);
--> statement-breakpoint
ALTER TABLE "saved_funds" ADD CONSTRAINT "saved_funds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_funds" ADD CONSTRAINT "saved_funds_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_funds_fund_id_idx" ON "saved_funds" USING btree ("fund_id");