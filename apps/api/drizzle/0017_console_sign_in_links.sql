CREATE TABLE "console_sign_in_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_sign_in_links" ADD CONSTRAINT "console_sign_in_links_user_id_console_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."console_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_sign_in_links_token_hash_key" ON "console_sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "console_sign_in_links_user_idx" ON "console_sign_in_links" USING btree ("user_id");