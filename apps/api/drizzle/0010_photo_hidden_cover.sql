ALTER TABLE "events" ADD COLUMN "cover_photo_uuid" uuid;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "hidden_at" timestamp with time zone;