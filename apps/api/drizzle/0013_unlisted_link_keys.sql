ALTER TABLE "events" ADD COLUMN "link_key" text;--> statement-breakpoint
-- Events already unlisted get a key (a capital letter, then 15 letters and digits): their old
-- links, without it, stop opening them, as a link key is meant to.
UPDATE "events" SET "link_key" = 'K' || substr(md5(random()::text || "id"::text), 1, 15) WHERE "access" = 'unlisted';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_link_key_check" CHECK (("events"."access" = 'unlisted') = ("events"."link_key" is not null));
