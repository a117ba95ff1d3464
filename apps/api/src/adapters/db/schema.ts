// Longer than 400 lines: every table in one file, which drizzle-kit reads to make the migrations
// (drizzle.config.ts), and whose tables reference each other without an import cycle.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  EventAccessLevel,
  EventPhotosConfigPatch,
  ExtraConfigPatch,
} from '@eventsite/contract';

/** Raw bytes (PGlite answers a Uint8Array, node-postgres a Buffer: both are Uint8Arrays). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

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
  /** Only what the operator set; the served `extra_config` is the defaults merged under it. */
  extraConfig: jsonb('extra_config').$type<ExtraConfigPatch>().notNull().default({}),
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
    /** The photo the organiser picked to stand for the event (listed first); null: none picked. */
    coverPhotoUuid: uuid('cover_photo_uuid'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who may see the gallery (docs/private-galleries.md): public, unlisted (off the lists) or password. */
    access: text('access').$type<EventAccessLevel>().notNull().default('public'),
    /** The gallery password's scrypt hash (services/passwords.ts), while access is `password`. */
    accessPasswordHash: text('access_password_hash'),
    /**
     * The unguessable key in an unlisted event's link (its slug, `{name}-{key}-{id}`), while
     * access is `unlisted`: without it, its pages and photos are not found.
     */
    linkKey: text('link_key'),
    /**
     * When the organiser last erased the event's face data (DELETE …/faces): while no face is
     * stored again, selfie search says so. Null: never erased.
     */
    facesErasedAt: timestamp('faces_erased_at', { withTimezone: true }),
  },
  (t) => [
    index('events_organiser_listing_idx').on(t.organiserId, t.published, t.eventDate),
    check('events_access_check', sql`${t.access} in ('public', 'unlisted', 'password')`),
    check(
      'events_access_password_check',
      sql`(${t.access} = 'password') = (${t.accessPasswordHash} is not null)`,
    ),
    check('events_link_key_check', sql`(${t.access} = 'unlisted') = (${t.linkKey} is not null)`),
  ],
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
    /** The file's name as uploaded or imported (the console names photos by it); null before it was kept. */
    originalName: text('original_name'),
    /** CRC-32 of the original's bytes (unsigned), for zips of known length; null for rows imported before it was kept. */
    crc32: bigint('crc32', { mode: 'number' }),
    /**
     * Bumped each time a face of the photo is hidden (hide requests): 0 for a photo with no hidden
     * face. Its display variants and downloads are then blurred copies, keyed by this number.
     */
    redaction: integer('redaction').notNull().default(0),
    /** Byte size and CRC-32 of the blurred copy served for download (zips); null until it is made. */
    redactedSize: bigint('redacted_size', { mode: 'number' }),
    redactedCrc32: bigint('redacted_crc32', { mode: 'number' }),
    /** When the organiser hid the photo from visitors (kept, never served); null: shown. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Held back from visitors until its `faces` job has checked it against the event's hide
     * requests: set at insert when the event has any (hide-me.md, "Later uploads"); null: shown.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
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
    /** When someone of the organiser marked it read in the console's inbox (null: unread). */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it was archived in the inbox (null: in the inbox). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Emailed on to the organiser: pending, sent, failed or off (no SMTP_URL or no address). */
    forward: text('forward').notNull().default('off'),
    /** The mail server's refusal when forwarding failed. */
    forwardError: text('forward_error'),
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
    /** After this the token no longer authenticates; null for tokens made before tokens expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash)],
);

/**
 * Background jobs (adapters/jobs): one row per unit of work, claimed with FOR UPDATE SKIP LOCKED.
 * `idempotency_key` makes enqueueing the same work twice a no-op.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Lower runs first: 1 ingest, 2 bibs. */
    priority: integer('priority').notNull().default(1),
    /**
     * Its turn among the queued jobs of its priority (the jobs queue's `insertJob`): events take
     * turns, so one event's long import does not hold back another's new photos.
     */
    turn: bigint('turn', { mode: 'number' }).notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true, precision: 3 }),
    lastError: text('last_error'),
    /** What a finished job reports (e.g. the photo it made, or that it was a duplicate). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The event the job works for, so that its progress can be listed; null for other jobs. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_idempotency_key').on(t.idempotencyKey),
    index('jobs_claim_idx').on(t.state, t.priority, t.turn, t.id),
    index('jobs_event_idx').on(t.eventId, t.state, t.priority, t.turn),
  ],
);

/** Bibs seen on a photo: OCR detections (every one, with its confidence) and manual tags. */
export const photoBibs = pgTable(
  'photo_bibs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    photoUuid: uuid('photo_uuid')
      .notNull()
      .references(() => photos.uuid, { onDelete: 'cascade' }),
    /** Denormalised from the photo: the search index is (event_id, bib). */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    bib: text('bib').notNull(),
    /** 0..1; 1 for manual tags. */
    confidence: doublePrecision('confidence').notNull(),
    boxX: doublePrecision('box_x'),
    boxY: doublePrecision('box_y'),
    boxW: doublePrecision('box_w'),
    boxH: doublePrecision('box_h'),
    source: text('source', { enum: ['ocr', 'manual'] }).notNull(),
    /**
     * The number of a lettered bib, stored beside it so a search by the number alone finds it:
     * a reading or tag of F123 is also a row of 123 marked derived (same source, confidence and
     * box). Not a reading of its own: what was read or tagged is the row beside it.
     */
    derived: boolean('derived').notNull().default(false),
    /**
     * An OCR reading as its photo alone gives it; `confidence` is what the event's other photos
     * make of it (`eventConfidence`): a cut-off reading of a bib read clearly elsewhere is
     * confirmed, a part of another runner's number is lowered. Null for manual tags and for
     * readings stored before the event's photos were weighed together (their confidence is as read).
     */
    readConfidence: doublePrecision('read_confidence'),
    /** Where the reading's line runs into something (arm, runner, frame); null when it ends on its paper. */
    cutSide: text('cut_side', { enum: ['left', 'right', 'both'] }),
    /** With `cutSide`: the reading's confidence as a whole bib, before it was lowered as cut off. */
    wholeConfidence: doublePrecision('whole_confidence'),
    createdAt: createdAt(),
  },
  (t) => [
    index('photo_bibs_event_bib_idx').on(t.eventId, t.bib),
    index('photo_bibs_photo_idx').on(t.photoUuid),
    // Searches skip OCR readings of photos an operator tagged: this finds those photos at once
    // (manual tags are few), where a scan of every reading of the table took 200 ms at 200,000.
    index('photo_bibs_manual_idx')
      .on(t.photoUuid)
      .where(sql`${t.source} = 'manual'`),
  ],
);

/**
 * Faces found on a photo (the `faces` job): box, detection score and the `faceres` descriptor
 * (1024 values, unit length). Loaded into a per-event in-memory index for selfie search; an
 * organiser can delete all of an event's rows in one call.
 */
export const photoFaces = pgTable(
  'photo_faces',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    photoUuid: uuid('photo_uuid')
      .notNull()
      .references(() => photos.uuid, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** In the photo's pixels (after EXIF orientation). */
    boxX: integer('box_x').notNull(),
    boxY: integer('box_y').notNull(),
    boxW: integer('box_w').notNull(),
    boxH: integer('box_h').notNull(),
    score: doublePrecision('score').notNull(),
    /**
     * The face descriptor as Float32 little-endian (4 bytes a value), written by the `faces` job.
     * Rows written before it have only `embedding`; loading the index converts them.
     */
    embeddingF32: bytea('embedding_f32'),
    /** The descriptor of rows written before `embedding_f32` (null once converted). */
    embedding: real('embedding').array(),
    /** Matched by a hide request: left out of the search index and blurred on the photo. */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * The face recipe the descriptor was made under (`FACE_RECIPE_VERSION`, written by the
     * `faces` job); rows stored before versions have 'unversioned' (`FACE_RECIPE_UNVERSIONED`).
     * A face of another version is described again (services/face-recipe-upgrade.ts).
     */
    recipeVersion: text('recipe_version').notNull().default('unversioned'),
    createdAt: createdAt(),
  },
  (t) => [
    index('photo_faces_event_idx').on(t.eventId),
    index('photo_faces_photo_idx').on(t.photoUuid),
    check(
      'photo_faces_embedding_present',
      sql`${t.embeddingF32} is not null or ${t.embedding} is not null`,
    ),
  ],
);

/**
 * "Hide me everywhere": a runner's face description (1024 Float32 values, as `photo_faces`),
 * kept so photos uploaded later are checked against it. Nothing else: no image, address or name.
 */
export const hideRequests = pgTable(
  'hide_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    embeddingF32: bytea('embedding_f32').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hide_requests_event_idx').on(t.eventId)],
);

/**
 * Where a photo is blurred: the box of each hidden face (photo pixels, after EXIF orientation).
 * Kept apart from `photo_faces`, so deleting or re-detecting an event's faces never unblurs one.
 */
export const hiddenFaces = pgTable(
  'hidden_faces',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    photoUuid: uuid('photo_uuid')
      .notNull()
      .references(() => photos.uuid, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    boxX: integer('box_x').notNull(),
    boxY: integer('box_y').notNull(),
    boxW: integer('box_w').notNull(),
    boxH: integer('box_h').notNull(),
    /**
     * The hide request that blurred it (its organiser may undo it); null for boxes blurred
     * before requests were recorded with them.
     */
    requestId: bigint('request_id', { mode: 'number' }).references(() => hideRequests.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hidden_faces_photo_box_key').on(t.photoUuid, t.boxX, t.boxY, t.boxW, t.boxH),
    index('hidden_faces_event_idx').on(t.eventId),
  ],
);

/** A bib no longer finds a photo: its wearer's face is hidden there (or the runner named it). */
export const hiddenBibs = pgTable(
  'hidden_bibs',
  {
    photoUuid: uuid('photo_uuid')
      .notNull()
      .references(() => photos.uuid, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    bib: text('bib').notNull(),
    /** The hide request it was hidden for (undone with it); null before they were recorded. */
    requestId: bigint('request_id', { mode: 'number' }).references(() => hideRequests.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [uniqueIndex('hidden_bibs_photo_bib_key').on(t.photoUuid, t.bib)],
);

/**
 * A result's splits: [label, time] pairs in race order (the results file's column order). jsonb
 * reorders an object's keys, so results imported before this shape (an object) still read, in
 * jsonb's key order; results/splits.ts reads both.
 */
export type RaceResultSplits = [string, string][] | Record<string, string>;

export const raceResults = pgTable(
  'race_results',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    bib: text('bib').notNull(),
    name: text('name').notNull(),
    /** Lowercase, accents and punctuation removed (results/names normaliseName). */
    nameNormalised: text('name_normalised').notNull(),
    gender: text('gender'),
    category: text('category'),
    gunTime: text('gun_time'),
    netTime: text('net_time'),
    status: text('status'),
    overallRank: integer('overall_rank'),
    categoryRank: integer('category_rank'),
    splits: jsonb('splits').$type<RaceResultSplits>().notNull().default({}),
  },
  (t) => [uniqueIndex('race_results_event_bib_key').on(t.eventId, t.bib)],
);

export const certificateTemplates = pgTable('certificate_templates', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  template: jsonb('template').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * People of an organiser who sign in to the console, each with a role (owner, editor,
 * photographer). The password is kept as scrypt's hash with its salt and parameters
 * (`scrypt$N$r$p$salt$hash`, services/passwords.ts), never itself.
 */
export const consoleUsers = pgTable(
  'console_users',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    /** Lowercase; one account per email and organiser. */
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'editor', 'photographer'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('console_users_organiser_email_key').on(t.organiserId, t.email)],
);

/** A signed-in console session: only the sha256 of its random token is kept, with its expiry. */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('console_sessions_token_hash_key').on(t.tokenHash),
    index('console_sessions_user_idx').on(t.userId),
  ],
);

/**
 * Bib and name searches of an event that found no photo, counted per term (the findability
 * dashboard). Only the term and its count: nothing of who searched.
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bib', 'name'] }).notNull(),
    term: text('term').notNull(),
    count: integer('count').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('search_misses_event_kind_term_key').on(t.eventId, t.kind, t.term)],
);

/**
 * An event's visitor analytics: one count per UTC day and kind (a visit, a bib search, a zip…).
 * Aggregated as it is counted: nothing of a visitor is kept.
 */
export const eventDailyStats = pgTable(
  'event_daily_stats',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('event_daily_stats_event_day_kind_key').on(t.eventId, t.day, t.kind)],
);

/**
 * A one-time invitation to join the console (owner's Team screen): only the sha256 of its random
 * token is kept; using it removes the row; it expires.
 */
export const consoleInvites = pgTable(
  'console_invites',
  {
    id: serial('id').primaryKey(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    /** Lowercase; at most one pending invitation per email and organiser. */
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'editor', 'photographer'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('console_invites_token_hash_key').on(t.tokenHash),
    uniqueIndex('console_invites_organiser_email_key').on(t.organiserId, t.email),
  ],
);

/**
 * A one-time sign-in link emailed to a console user who asked for one (the sign-in page's
 * "Email me a sign-in link"): only the sha256 of its random token is kept; using it removes the
 * row; it expires within minutes, and goes with its user.
 */
export const consoleSignInLinks = pgTable(
  'console_sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('console_sign_in_links_token_hash_key').on(t.tokenHash),
    index('console_sign_in_links_user_idx').on(t.userId),
  ],
);

/**
 * An event's watermark (docs/watermarks.md): its look, and `version`, bumped each time the look
 * changes, which names the display variants made with it (`{uuid}/m{version}/…`). A table of its
 * own: the event's other settings stay as they are.
 */
export const eventWatermarks = pgTable('event_watermarks', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  kind: text('kind', { enum: ['text', 'image'] })
    .notNull()
    .default('text'),
  text: text('text').notNull().default(''),
  /** The uploaded image, `{hash}.png` under `event-watermarks/{eventId}/` (variants store); '' for none. */
  imageFile: text('image_file').notNull().default(''),
  position: text('position', {
    enum: ['top-left', 'top-right', 'center', 'bottom-left', 'bottom-right'],
  })
    .notNull()
    .default('bottom-right'),
  opacity: doublePrecision('opacity').notNull().default(0.6),
  /** The mark's width as a share of the photo's width. */
  size: doublePrecision('size').notNull().default(0.25),
  /** Downloads and zips carry the mark too. */
  onDownloads: boolean('on_downloads').notNull().default(false),
  version: integer('version').notNull().default(0),
  /** The version whose stored variants the `watermark` job has finished (older ones removed). */
  renderedVersion: integer('rendered_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An event's sponsor frames: PNG overlays with a transparent window (`window_*`, the frame's
 * pixels) a visitor may put a photo in when downloading or sharing it, and the promo editor offers.
 */
export const eventFrames = pgTable(
  'event_frames',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `{hash}.png` under `event-frames/{eventId}/` in the variants store. */
    file: text('file').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    windowX: integer('window_x').notNull(),
    windowY: integer('window_y').notNull(),
    windowW: integer('window_w').notNull(),
    windowH: integer('window_h').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_frames_event_idx').on(t.eventId)],
);

export const schema = {
  organisers,
  organiserDomains,
  events,
  photos,
  contactForms,
  contactMessages,
  apiTokens,
  jobs,
  photoBibs,
  photoFaces,
  hideRequests,
  hiddenFaces,
  hiddenBibs,
  raceResults,
  certificateTemplates,
  consoleUsers,
  consoleSessions,
  searchMisses,
  eventDailyStats,
  consoleInvites,
  consoleSignInLinks,
  eventWatermarks,
  eventFrames,
};

/**
 * Secrets the API makes for itself once, shared by every process of a deployment through the
 * database: `access-grants`, the key gallery grants are signed with (services/event-access.ts),
 * unless ACCESS_GRANT_SECRET gives one.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
