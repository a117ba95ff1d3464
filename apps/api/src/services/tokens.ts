import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenRepository } from '../repositories/tokens.js';
import type { OrganiserService } from './organisers.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly organisers: OrganiserService,
  ) {}

  /** A new admin bearer token for the organiser of `domain`; only its hash is kept. */
  async create(domain: string, label = ''): Promise<{ token: string; organiserId: number }> {
    const organiser = await this.organisers.resolve(domain);
    const token = `est_${randomBytes(32).toString('base64url')}`;
    await this.tokens.insert(organiser.id, hashToken(token), label);
    return { token, organiserId: organiser.id };
  }

  /** The organiser a bearer token acts for, or undefined for an unknown or revoked token. */
  async authenticate(token: string): Promise<number | undefined> {
    if (!/^est_[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return this.tokens.organiserOf(hashToken(token));
  }
}
