ALTER TABLE "photo_bibs" ADD COLUMN "read_confidence" double precision;--> statement-breakpoint
ALTER TABLE "photo_bibs" ADD COLUMN "cut_side" text;--> statement-breakpoint
ALTER TABLE "photo_bibs" ADD COLUMN "whole_confidence" double precision;