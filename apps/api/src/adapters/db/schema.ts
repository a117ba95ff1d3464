import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventPhotosConfigPatch, SocialMediaLink } from '@eventsite/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organisers = pgTable('organisers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** An absolute http(s) URL, or an asset path such as `/assets/logos/x.png` served by this API. */
  logo: text('logo').notNull().default(''),
  description: text('description').notNull().default(''),
  website: text('website').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  expiryAt: timestamp('expiry_at', { withTimezone: true }),
  // extra_config (spec §3), one column per field.
  themeColor: text('theme_color').notNull(),
  googleTagManagerId: text('google_tag_manager_id').notNull().default(''),
  headerDesign: text('header_design', { enum: ['default', 'fill'] })
    .notNull()
    .default('default'),
  headerCtaText: text('header_cta_text').notNull().default(''),
  headerCtaHref: text('header_cta_href').notNull().default(''),
  headerCtaPosition: text('header_cta_position', { enum: ['left', 'right'] })
    .notNull()
    .default('right'),
  hideBranding: boolean('hide_branding').notNull().default(false),
  footerText: text('footer_text').notNull().default(''),
  socialMediaLinks: jsonb('social_media_links').$type<SocialMediaLink[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const organiserDomains = pgTable(
  'organiser_domains',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    /** Lowercase host name; one organiser per domain. */
    domain: text('domain').notNull(),
    /** 0 is the organiser's primary domain (the first in its config file). */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('organiser_domains_domain_key').on(t.domain),
    index('organiser_domains_organiser_idx').on(t.organiserId),
  ],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    city: text('city').notNull().default(''),
    published: boolean('published').notNull().default(false),
    clientName: text('client_name').notNull().default(''),
    clientLogo: text('client_logo').notNull().default(''),
    /** Only what the operator set; the served config is the defaults merged under it. */
    photosConfig: jsonb('photos_config').$type<EventPhotosConfigPatch>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_organiser_listing_idx').on(t.organiserId, t.published, t.eventDate)],
);

export const photos = pgTable(
  'photos',
  {
    uuid: uuid('uuid').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Pixel size after EXIF orientation: what a viewer sees. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true, precision: 3 }),
    /** The gallery order: capture time, else import time. Never null, so it can key a cursor. */
    sortAt: timestamp('sort_at', { withTimezone: true, precision: 3 }).notNull(),
    /** sha256 of the original's bytes, hex. */
    checksum: text('checksum').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    /** Key of the original in the originals blob store. */
    blobKey: text('blob_key').notNull(),
    /** thumbhash, base64. */
    placeholder: text('placeholder'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('photos_event_checksum_key').on(t.eventId, t.checksum),
    index('photos_event_order_idx').on(t.eventId, t.sortAt, t.uuid),
  ],
);

export const contactForms = pgTable('contact_forms', {
  organiserId: integer('organiser_id')
    .primaryKey()
    .references(() => organisers.id, { onDelete: 'cascade' }),
  /** Another form to embed instead of the hosted one; empty for ours. */
  iframeSrc: text('iframe_src').notNull().default(''),
  scriptSrc: text('script_src').notNull().default(''),
  notifyEmail: text('notify_email').notNull().default(''),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    /** The domain the form was shown on. */
    domain: text('domain').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_organiser_idx').on(t.organiserId, t.createdAt)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token, hex; the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash)],
);

export const schema = {
  organisers,
  organiserDomains,
  events,
  photos,
  contactForms,
  contactMessages,
  apiTokens,
};
