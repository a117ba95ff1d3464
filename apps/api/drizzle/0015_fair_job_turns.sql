DROP INDEX "jobs_claim_idx";--> statement-breakpoint
DROP INDEX "jobs_event_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "turn" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("state","priority","turn","id");--> statement-breakpoint
CREATE INDEX "jobs_event_idx" ON "jobs" USING btree ("event_id","state","priority","turn");