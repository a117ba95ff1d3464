CREATE TABLE "console_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organiser_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_invites" ADD CONSTRAINT "console_invites_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_invites_token_hash_key" ON "console_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "console_invites_organiser_email_key" ON "console_invites" USING btree ("organiser_id","email");