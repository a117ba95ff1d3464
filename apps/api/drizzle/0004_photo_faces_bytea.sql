ALTER TABLE "photo_faces" ALTER COLUMN "embedding" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD COLUMN "embedding_f32" "bytea";--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_embedding_present" CHECK ("photo_faces"."embedding_f32" is not null or "photo_faces"."embedding" is not null);