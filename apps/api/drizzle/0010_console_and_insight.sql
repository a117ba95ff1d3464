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
CREATE TABLE "event_daily_stats" (
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "forward" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "forward_error" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cover_photo_uuid" uuid;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console_invites" ADD CONSTRAINT "console_invites_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_daily_stats" ADD CONSTRAINT "event_daily_stats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_misses" ADD CONSTRAINT "search_misses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_invites_token_hash_key" ON "console_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "console_invites_organiser_email_key" ON "console_invites" USING btree ("organiser_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_daily_stats_event_day_kind_key" ON "event_daily_stats" USING btree ("event_id","day","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "search_misses_event_kind_term_key" ON "search_misses" USING btree ("event_id","kind","term");