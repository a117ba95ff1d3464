ALTER TABLE "photo_bibs" ADD COLUMN "derived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Lettered bibs stored before (manual tags such as F123 or 1234B) get the row of their number,
-- so a search for 123 or 1234 finds them as it finds new ones.
INSERT INTO "photo_bibs" ("photo_uuid", "event_id", "bib", "confidence", "box_x", "box_y", "box_w", "box_h", "source", "derived", "created_at")
SELECT "photo_uuid", "event_id", coalesce(nullif(ltrim(regexp_replace("bib", '[^0-9]', '', 'g'), '0'), ''), '0'),
  "confidence", "box_x", "box_y", "box_w", "box_h", "source", true, "created_at"
FROM "photo_bibs"
WHERE NOT "derived" AND "bib" ~ '^[A-Z]{1,2}[0-9]+$|^[0-9]+[A-Z]$';
