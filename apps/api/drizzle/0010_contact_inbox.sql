ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "forward" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "forward_error" text;