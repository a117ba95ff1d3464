CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "access" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "access_password_hash" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_access_check" CHECK ("events"."access" in ('public', 'unlisted', 'password'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_access_password_check" CHECK (("events"."access" = 'password') = ("events"."access_password_hash" is not null));