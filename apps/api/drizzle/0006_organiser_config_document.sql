ALTER TABLE "organisers" ADD COLUMN "extra_config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Each organiser's settings, one column per field until now, become its configuration document.
UPDATE "organisers" SET "extra_config" = jsonb_build_object(
  'themeColor', "theme_color",
  'googleTagManagerId', "google_tag_manager_id",
  'headerDesign', "header_design",
  'headerCta', jsonb_build_object('text', "header_cta_text", 'href', "header_cta_href", 'position', "header_cta_position"),
  'footer_config', jsonb_build_object('hide9picBranding', "hide_branding", 'footerText', "footer_text", 'socialMediaLinks', "social_media_links")
);--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "theme_color";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "google_tag_manager_id";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "header_design";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "header_cta_text";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "header_cta_href";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "header_cta_position";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "hide_branding";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "footer_text";--> statement-breakpoint
ALTER TABLE "organisers" DROP COLUMN "social_media_links";