import { randomBytes } from 'node:crypto';
import {
  type ConsoleRole,
  consoleEmail,
  consoleRole,
  newPassword,
  SIGN_IN_REFUSED,
  type SignInAnswer,
} from '@eventsite/contract';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../errors.js';
import type { ConsoleRepository, SessionOwner } from '../repositories/console.js';
import type { OrganiserService } from './organisers.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { hashToken } from './tokens.js';

/** How long a console session lasts from sign-in (it does not slide). */
export const SESSION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TOKEN = /^ess_[A-Za-z0-9_-]{40,60}$/;

/** A console session as a request carries it: who, for which organiser, in which role. */
export interface ConsoleSession {
  sessionId: number;
  userId: number;
  email: string;
  role: ConsoleRole;
  organiserId: number;
  organiserName: string;
  expiresAt: Date;
}

export type SessionCheck =
  | { ok: true; session: ConsoleSession }
  | { ok: false; reason: 'unknown' | 'expired' | 'organiser-expired' };

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(400, result.error.issues[0]?.message ?? 'Not valid');
  return result.data;
}

/**
 * The console's accounts: users of an organiser with a role, their passwords (scrypt) and their
 * server-side sessions (a random token, only its sha256 stored).
 */
export class ConsoleAccountService {
  constructor(
    private readonly accounts: ConsoleRepository,
    private readonly organisers: OrganiserService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new user of the organiser of `domain` (the CLI's `user create`). */
  async createUser(
    domain: string,
    email: string,
    role: string,
    password: string,
  ): Promise<{ email: string; role: ConsoleRole; organiserId: number }> {
    const organiser = await this.organisers.resolve(domain);
    const address = checked(consoleEmail, email);
    const roleName = checked(consoleRole, role);
    const secret = checked(newPassword, password);
    const row = await this.accounts.insertUser({
      organiserId: organiser.id,
      email: address,
      role: roleName,
      passwordHash: await hashPassword(secret),
    });
    if (!row) throw conflict(`${domain} already has a user ${address}`);
    return { email: row.email, role: row.role, organiserId: organiser.id };
  }

  async listUsers(
    domain: string,
  ): Promise<Array<{ email: string; role: ConsoleRole; createdAt: Date }>> {
    const organiser = await this.organisers.resolve(domain);
    return (await this.accounts.listUsers(organiser.id)).map((u) => ({
      email: u.email,
      role: u.role,
      createdAt: u.createdAt,
    }));
  }

  /** Removes a user and every session of it: a signed-in browser is signed out at once. */
  async removeUser(domain: string, email: string): Promise<void> {
    const organiser = await this.organisers.resolve(domain);
    const address = email.trim().toLowerCase();
    if (!(await this.accounts.deleteUser(organiser.id, address)))
      throw notFound(`${domain} has no user ${address} (user list ${domain} shows them)`);
  }

  /**
   * Signs a user in: a new session, whose token is answered once (for the site's cookie). Any
   * failure (unknown host, unknown email, wrong password) is the one answer SIGN_IN_REFUSED,
   * and an unknown email costs the same scrypt work as a known one.
   */
  async signIn(domain: string, email: string, password: string): Promise<SignInAnswer> {
    const organiser = await this.organisers.resolve(domain).catch(() => undefined);
    const address = email.trim().toLowerCase();
    const user = organiser ? await this.accounts.findUser(organiser.id, address) : undefined;
    const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !matches) throw new AppError(401, SIGN_IN_REFUSED);
    return this.openSession(user, organiser?.expiryAt ?? null);
  }

  /**
   * A new session for a user whose identity was proven (a password, an emailed link): its token
   * is answered once. Refused (403) when the organiser's account has expired.
   */
  async openSession(
    user: { id: number; email: string; role: ConsoleRole },
    organiserExpiryAt: Date | null,
  ): Promise<SignInAnswer> {
    if (organiserExpiryAt && organiserExpiryAt <= this.now())
      throw new AppError(403, "The organiser's account has expired: ask the provider to renew it");
    const token = `ess_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
    await this.accounts.deleteExpiredSessions(now);
    await this.accounts.insertSession(user.id, hashToken(token), expiresAt);
    return {
      session_token: token,
      expires_at: expiresAt.toISOString(),
      user: { email: user.email, role: user.role },
    };
  }

  /**
   * Whether `password` is the session's user's own (asked again before the team changes: a
   * script in the signed-in browser has the session, not the password).
   */
  async passwordIsRight(session: ConsoleSession, password: string): Promise<boolean> {
    const user = await this.accounts.findUser(session.organiserId, session.email);
    return verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  }

  /** Whether `token` looks like a console session token (else it may be an admin token). */
  isSessionToken(token: string): boolean {
    return token.startsWith('ess_');
  }

  /** The session a token opens; an expired one is removed. */
  async authenticate(token: string): Promise<SessionCheck> {
    if (!SESSION_TOKEN.test(token)) return { ok: false, reason: 'unknown' };
    const row: SessionOwner | undefined = await this.accounts.findSession(hashToken(token));
    if (!row) return { ok: false, reason: 'unknown' };
    const now = this.now();
    if (row.expiresAt <= now) {
      await this.accounts.deleteSession(row.sessionId);
      return { ok: false, reason: 'expired' };
    }
    if (row.organiserExpiryAt && row.organiserExpiryAt <= now)
      return { ok: false, reason: 'organiser-expired' };
    const { organiserExpiryAt: _, ...session } = row;
    return { ok: true, session };
  }

  signOut(session: ConsoleSession): Promise<number> {
    return this.accounts.deleteSession(session.sessionId);
  }

  /** Ends every session of the session's user, on every device (this one too). */
  signOutEverywhere(session: ConsoleSession): Promise<number> {
    return this.accounts.deleteSessionsOf(session.userId);
  }
}
