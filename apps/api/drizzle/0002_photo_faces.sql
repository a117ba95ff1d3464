CREATE TABLE "photo_faces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photo_faces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"photo_uuid" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"box_x" integer NOT NULL,
	"box_y" integer NOT NULL,
	"box_w" integer NOT NULL,
	"box_h" integer NOT NULL,
	"score" double precision NOT NULL,
	"embedding" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_photo_uuid_photos_uuid_fk" FOREIGN KEY ("photo_uuid") REFERENCES "public"."photos"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_faces_event_idx" ON "photo_faces" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "photo_faces_photo_idx" ON "photo_faces" USING btree ("photo_uuid");