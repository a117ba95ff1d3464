import { createHash, randomBytes } from 'node:crypto';
import { AppError, notFound } from '../errors.js';
import type { ApiTokenRepository, ApiTokenRow } from '../repositories/tokens.js';
import type { OrganiserService } from './organisers.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long a new admin token works unless told otherwise. */
export const DEFAULT_TOKEN_DAYS = 90;
/** The longest a token may be made to work. */
export const MAX_TOKEN_DAYS = 3650;
/** A token's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a bearer token was refused: each says what to do about it. */
export type TokenRefusal = 'unknown' | 'revoked' | 'expired' | 'organiser-expired';

export type Authentication =
  { ok: true; organiserId: number } | { ok: false; reason: TokenRefusal };

export interface TokenListing {
  id: number;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** active, expired or revoked, at the time of listing. */
  state: 'active' | 'expired' | 'revoked';
}

export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly organisers: OrganiserService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A new admin bearer token for the organiser of `domain`, working for `days` days; only its
   * hash is kept.
   */
  async create(
    domain: string,
    label = '',
    days = DEFAULT_TOKEN_DAYS,
  ): Promise<{ token: string; organiserId: number; id: number; expiresAt: Date }> {
    if (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS)
      throw new AppError(400, `A token works for 1 to ${MAX_TOKEN_DAYS} days, not ${days}`);
    const organiser = await this.organisers.resolve(domain);
    const token = `est_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(this.now().getTime() + days * DAY_MS);
    const row = await this.tokens.insert(organiser.id, hashToken(token), label, expiresAt);
    return { token, organiserId: organiser.id, id: row.id, expiresAt };
  }

  /**
   * The organiser a bearer token acts for. Refused: an unknown, revoked or expired token, and any
   * token of an organiser whose account has expired.
   */
  async authenticate(token: string): Promise<Authentication> {
    if (!/^est_[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, reason: 'unknown' };
    const row = await this.tokens.findByHash(hashToken(token));
    if (!row) return { ok: false, reason: 'unknown' };
    const now = this.now();
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.expiresAt && row.expiresAt <= now) return { ok: false, reason: 'expired' };
    if (row.organiserExpiryAt && row.organiserExpiryAt <= now)
      return { ok: false, reason: 'organiser-expired' };
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
      await this.tokens.touch(row.id, now);
    return { ok: true, organiserId: row.organiserId };
  }

  /** Every token of the organiser of `domain`, oldest first (never the token itself). */
  async list(domain: string): Promise<TokenListing[]> {
    const organiser = await this.organisers.resolve(domain);
    const now = this.now();
    return (await this.tokens.listOf(organiser.id)).map((row: ApiTokenRow) => ({
      id: row.id,
      label: row.label,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      state: row.revokedAt
        ? 'revoked'
        : row.expiresAt && row.expiresAt <= now
          ? 'expired'
          : 'active',
    }));
  }

  /** Revokes one token of the organiser of `domain`; it stops working at once. */
  async revoke(domain: string, id: number): Promise<void> {
    const organiser = await this.organisers.resolve(domain);
    if (!(await this.tokens.revoke(id, organiser.id, this.now())))
      throw notFound(`${domain} has no active token ${id} (token list ${domain} shows them)`);
  }
}
