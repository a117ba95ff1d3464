CREATE TABLE "hidden_bibs" (
	"photo_uuid" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"bib" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hidden_faces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hidden_faces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"photo_uuid" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"box_x" integer NOT NULL,
	"box_y" integer NOT NULL,
	"box_w" integer NOT NULL,
	"box_h" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hide_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hide_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"embedding_f32" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_faces" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "redaction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "redacted_size" bigint;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "redacted_crc32" bigint;--> statement-breakpoint
ALTER TABLE "hidden_bibs" ADD CONSTRAINT "hidden_bibs_photo_uuid_photos_uuid_fk" FOREIGN KEY ("photo_uuid") REFERENCES "public"."photos"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_bibs" ADD CONSTRAINT "hidden_bibs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_faces" ADD CONSTRAINT "hidden_faces_photo_uuid_photos_uuid_fk" FOREIGN KEY ("photo_uuid") REFERENCES "public"."photos"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_faces" ADD CONSTRAINT "hidden_faces_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hide_requests" ADD CONSTRAINT "hide_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hidden_bibs_photo_bib_key" ON "hidden_bibs" USING btree ("photo_uuid","bib");--> statement-breakpoint
CREATE UNIQUE INDEX "hidden_faces_photo_box_key" ON "hidden_faces" USING btree ("photo_uuid","box_x","box_y","box_w","box_h");--> statement-breakpoint
CREATE INDEX "hidden_faces_event_idx" ON "hidden_faces" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "hide_requests_event_idx" ON "hide_requests" USING btree ("event_id");