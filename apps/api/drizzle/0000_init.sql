CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"organiser_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_forms" (
	"organiser_id" integer PRIMARY KEY NOT NULL,
	"iframe_src" text DEFAULT '' NOT NULL,
	"script_src" text DEFAULT '' NOT NULL,
	"notify_email" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organiser_id" integer NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"event_date" date NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"client_logo" text DEFAULT '' NOT NULL,
	"photos_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organiser_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"organiser_id" integer NOT NULL,
	"domain" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"expiry_at" timestamp with time zone,
	"theme_color" text NOT NULL,
	"google_tag_manager_id" text DEFAULT '' NOT NULL,
	"header_design" text DEFAULT 'default' NOT NULL,
	"header_cta_text" text DEFAULT '' NOT NULL,
	"header_cta_href" text DEFAULT '' NOT NULL,
	"header_cta_position" text DEFAULT 'right' NOT NULL,
	"hide_branding" boolean DEFAULT false NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"social_media_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"captured_at" timestamp (3) with time zone,
	"sort_at" timestamp (3) with time zone NOT NULL,
	"checksum" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"placeholder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD CONSTRAINT "contact_forms_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_domains" ADD CONSTRAINT "organiser_domains_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contact_messages_organiser_idx" ON "contact_messages" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "events_organiser_listing_idx" ON "events" USING btree ("organiser_id","published","event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "organiser_domains_domain_key" ON "organiser_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "organiser_domains_organiser_idx" ON "organiser_domains" USING btree ("organiser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_event_checksum_key" ON "photos" USING btree ("event_id","checksum");--> statement-breakpoint
CREATE INDEX "photos_event_order_idx" ON "photos" USING btree ("event_id","sort_at","uuid");