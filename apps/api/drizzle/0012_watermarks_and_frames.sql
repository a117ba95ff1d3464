CREATE TABLE "event_frames" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"file" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"window_x" integer NOT NULL,
	"window_y" integer NOT NULL,
	"window_w" integer NOT NULL,
	"window_h" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_watermarks" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image_file" text DEFAULT '' NOT NULL,
	"position" text DEFAULT 'bottom-right' NOT NULL,
	"opacity" double precision DEFAULT 0.6 NOT NULL,
	"size" double precision DEFAULT 0.25 NOT NULL,
	"on_downloads" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"rendered_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_frames" ADD CONSTRAINT "event_frames_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_watermarks" ADD CONSTRAINT "event_watermarks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_frames_event_idx" ON "event_frames" USING btree ("event_id");