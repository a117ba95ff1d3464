import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type AccessGrant,
  type EventAccessInput,
  type EventAccessSettings,
  type EventAccessStatus,
  GRANT_REFUSED_MESSAGE,
  MIN_GALLERY_PASSWORD_LENGTH,
  PASSWORD_NEEDED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '@eventsite/contract';
import { AppError, notFound } from '../errors.js';
import type { EventRepository, EventRow } from '../repositories/events.js';
import type { SecretRepository } from '../repositories/secrets.js';
import type { EventService } from './events.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { eventSlug } from './urls.js';

/** How long a grant opens its event: the visitor is asked again after a week. */
export const GRANT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The name of the grants' signing key among the server's secrets (repositories/secrets.ts). */
const SIGNING_SECRET = 'access-grants';
/** `{eventId}.{expiry in seconds}.{HMAC-SHA256, base64url}` */
const GRANT = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The key of an unlisted event's link (UNLISTED_LINK_KEY): about 89 bits, never guessed. */
const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newLinkKey(): string {
  let key = KEY_CHARS[randomInt(26)]!;
  while (key.length < 16) key += KEY_CHARS[randomInt(KEY_CHARS.length)]!;
  return key;
}

/** What a request may see of an event: `open` (a public event) or `granted` (a valid grant). */
export type AccessOutcome = 'open' | 'granted';

/**
 * Who may see an event's gallery (docs/private-galleries.md): its access level, set by its
 * organiser (the admin API, the console) or the operator (the CLI); the password's check, which
 * gives a grant; and the check every resource of a password event passes (routes/event-access.ts
 * and the photo route).
 *
 * A grant names its event and its expiry and is signed (HMAC-SHA256) with the server's secret
 * over both and the event's password hash: it opens that event only, until it expires or the
 * password is changed (a new hash, with a new salt, even for the same password), whichever
 * comes first. Nothing of a grant is stored.
 */
export class EventAccessService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly events: EventService,
    private readonly rows: EventRepository,
    private readonly secrets: SecretRepository,
    private readonly options: {
      /** ACCESS_GRANT_SECRET: else a random key made once and kept in the database. */
      secret?: string | undefined;
      now?: () => number;
    } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The event's access as its organiser sees it; another organiser's event is 404. */
  async settingsFor(organiserId: number, eventId: number): Promise<EventAccessSettings> {
    return settingsOf(await this.events.requireOwned(eventId, organiserId));
  }

  /** The organiser changes one of its events' access; another organiser's event is 404. */
  async setFor(
    organiserId: number,
    eventId: number,
    input: EventAccessInput,
  ): Promise<EventAccessSettings> {
    return this.change(await this.events.requireOwned(eventId, organiserId), input);
  }

  /** The operator changes any event's access (the CLI). */
  async set(eventId: number, input: EventAccessInput): Promise<EventAccessSettings> {
    return this.change(await this.events.require(eventId), input);
  }

  private async change(event: EventRow, input: EventAccessInput): Promise<EventAccessSettings> {
    let hash: string | null = null;
    if (input.access === 'password') {
      if (input.password !== undefined) hash = await hashPassword(input.password);
      else if (event.accessPasswordHash) hash = event.accessPasswordHash;
      else
        throw new AppError(
          400,
          `password: a password gallery needs a password of at least ${MIN_GALLERY_PASSWORD_LENGTH} characters`,
        );
    }
    // An unlisted event keeps its link's key while it stays unlisted; made public or given a
    // password, the key goes, and unlisted again it gets a new one (old links stay dead).
    const linkKey = input.access === 'unlisted' ? (event.linkKey ?? newLinkKey()) : null;
    const row = await this.rows.setAccess(event.id, input.access, hash, linkKey);
    if (!row) throw new AppError(404, `No event has the id ${event.id}`);
    // Its cached row, public answers and photo look-ups go: the change holds from the next request.
    this.events.forget(event.id);
    return settingsOf(row);
  }

  /** A published event's access level, for the site of its organiser (`app_domain`); else 404. */
  async status(eventId: number, appDomain: string): Promise<EventAccessStatus> {
    const event = await this.events.requirePublished(eventId, appDomain);
    return { event_id: event.id, access: event.access };
  }

  /**
   * The grant for the event's password: 403 for a wrong one, 409 for an event that needs none.
   * The caller counts the attempt first (routes/event-access.ts: a limit per client).
   */
  async grant(eventId: number, appDomain: string, password: string): Promise<AccessGrant> {
    const event = await this.events.requirePublished(eventId, appDomain);
    if (event.access === 'unlisted') {
      // The key of its link: a wrong one is told apart from no event by nothing.
      if (!event.linkKey || !sameText(password, event.linkKey)) throw unknownEvent(event.id);
    } else if (event.access !== 'password' || !event.accessPasswordHash)
      throw new AppError(409, 'This gallery needs no password: open it');
    else if (!(await verifyPassword(password, event.accessPasswordHash)))
      throw new AppError(403, WRONG_PASSWORD_MESSAGE);
    const expires = Math.floor((this.now() + GRANT_TTL_MS) / 1000);
    return {
      event_id: event.id,
      grant: await this.sign(event, expires),
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /**
   * What a request may see of the event: `open` for a public event; for a password event,
   * `granted` with a valid grant for it, else 401 (no grant) or 403 (a grant that is not valid,
   * of another event, expired, or made before the password changed). An unlisted event without a
   * valid grant (had for the key of its link) is not found, exactly as an unknown id.
   */
  async check(event: EventRow, grant: string | undefined): Promise<AccessOutcome> {
    if (event.access === 'public') return 'open';
    if (event.access === 'unlisted') {
      if (grant === undefined || !(await this.valid(event, grant))) throw unknownEvent(event.id);
      return 'granted';
    }
    if (grant === undefined || grant === '') throw new AppError(401, PASSWORD_NEEDED_MESSAGE);
    if (!(await this.valid(event, grant))) throw new AppError(403, GRANT_REFUSED_MESSAGE);
    return 'granted';
  }

  /** {@link check} of a published event by id (404 for another organiser's, or none). */
  async checkEvent(
    eventId: number,
    appDomain: string | undefined,
    grant: string | undefined,
  ): Promise<AccessOutcome> {
    return this.check(await this.events.requirePublished(eventId, appDomain), grant);
  }

  private async valid(event: EventRow, grant: string): Promise<boolean> {
    const match = GRANT.exec(grant);
    if (!match || Number(match[1]) !== event.id) return false;
    const expires = Number(match[2]);
    if (expires * 1000 <= this.now()) return false;
    const expected = Buffer.from((await this.sign(event, expires)).split('.')[2]!, 'utf8');
    const given = Buffer.from(match[3]!, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async sign(event: EventRow, expires: number): Promise<string> {
    const signature = createHmac('sha256', await this.signingKey())
      .update(
        `eventsite-grant:v1:${event.id}:${expires}:${event.accessPasswordHash ?? event.linkKey ?? ''}`,
      )
      .digest('base64url');
    return `${event.id}.${expires}.${signature}`;
  }

  private signingKey(): Promise<Buffer> {
    if (!this.key) {
      const secret =
        this.options.secret !== undefined
          ? Promise.resolve(this.options.secret)
          : this.secrets.getOrCreate(SIGNING_SECRET, randomBytes(32).toString('base64url'));
      this.key = secret.then((s) => Buffer.from(s, 'utf8'));
      // A database that did not answer is asked again next time.
      this.key.catch(() => (this.key = undefined));
    }
    return this.key;
  }
}

/** The answer for an event that is not there, or not to be told apart from one that is not. */
function unknownEvent(eventId: number): AppError {
  return notFound(`No published event has the id ${eventId}`);
}

/** Two strings compared in a time that does not tell how much of them matched. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function settingsOf(event: EventRow): EventAccessSettings {
  return {
    event_id: event.id,
    access: event.access,
    has_password: event.accessPasswordHash !== null,
    slug: eventSlug(event.name, event.id, event.linkKey),
  };
}
