import { randomBytes } from 'node:crypto';
import {
  type ConsoleRole,
  INVITE_DAYS,
  INVITE_TOKEN,
  type InviteCreated,
  type InviteSummary,
  type SignInAnswer,
  type Team,
} from '@eventsite/contract';
import { AppError, conflict, notFound } from '../errors.js';
import type { ConsoleRepository } from '../repositories/console.js';
import type { ConsoleTeamRepository } from '../repositories/console-team.js';
import type { ConsoleAccountService } from './console-accounts.js';
import type { OrganiserService } from './organisers.js';
import { hashPassword } from './passwords.js';
import { hashToken } from './tokens.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One answer for every invitation that cannot be used: unknown, used, expired, another host's. */
export const INVITE_UNUSABLE =
  'This invitation link has been used or has expired: ask an owner for a new one';

/** Sends an invitation link by email; resolves to whether the mail server took it. */
export type InviteMailer = (mail: {
  to: string;
  organiser: string;
  role: ConsoleRole;
  link: string;
  expiresAt: Date;
}) => Promise<{ sent: boolean; note: string }>;

/**
 * The console's team (owner only, through the admin API): the organiser's users, removing one
 * (never the last owner), and one-time invitations whose link lets a person set a password.
 */
export class ConsoleTeamService {
  constructor(
    private readonly team: ConsoleTeamRepository,
    private readonly accounts: ConsoleRepository,
    private readonly console: ConsoleAccountService,
    private readonly organisers: OrganiserService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(organiserId: number): Promise<Team> {
    const [users, invites] = await Promise.all([
      this.accounts.listUsers(organiserId),
      this.team.pendingInvites(organiserId, this.now()),
    ]);
    return {
      users: users.map((u) => ({
        id: u.id,
        email: u.email,
        role: u.role,
        created_at: u.createdAt.toISOString(),
      })),
      invites: invites.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        created_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
      })),
    };
  }

  /**
   * Removes a user of the organiser and every session of it. The last owner is never removed
   * (yourself included): the organiser would have nobody to manage its team and branding.
   */
  async remove(organiserId: number, userId: number): Promise<{ removed: string }> {
    const user = await this.team.userById(organiserId, userId);
    if (!user) throw notFound(`No user of this organiser has the id ${userId}`);
    const removed = await this.team.deleteUserKeepingAnOwner(organiserId, userId);
    if (!removed)
      throw conflict(
        `${user.email} is the only owner: make another owner first (invite one), then remove this one`,
      );
    return { removed };
  }

  /**
   * A one-time invitation for an email and role: the token is answered once (only its sha256
   * is kept). A new invitation for the same email replaces the pending one.
   */
  async invite(
    organiserId: number,
    email: string,
    role: ConsoleRole,
    mailer: InviteMailer | null,
    linkOf: (token: string) => string | null,
  ): Promise<InviteCreated> {
    if (await this.accounts.findUser(organiserId, email))
      throw conflict(`${email} is already a user of this organiser`);
    const token = `esi_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + INVITE_DAYS * DAY_MS);
    await this.team.deleteExpiredInvites(now);
    await this.team.putInvite({
      organiserId,
      email,
      role,
      tokenHash: hashToken(token),
      expiresAt,
    });
    let emailed = false;
    let note = 'SMTP_URL is not set on the API, so the link was not emailed: copy it and send it';
    const link = linkOf(token);
    if (mailer && link) {
      const { name } = await this.organisers.settings(organiserId);
      const outcome = await mailer({ to: email, organiser: name, role, link, expiresAt });
      emailed = outcome.sent;
      note = outcome.note;
    } else if (mailer) {
      note = 'The organiser has no domain to link to, so the link was not emailed';
    }
    return {
      email,
      role,
      token,
      expires_at: expiresAt.toISOString(),
      emailed,
      email_note: emailed ? '' : note,
    };
  }

  async cancelInvite(organiserId: number, inviteId: number): Promise<void> {
    if (!(await this.team.deleteInvite(organiserId, inviteId)))
      throw notFound(`No pending invitation of this organiser has the id ${inviteId}`);
  }

  /** Whom a usable invitation of this host is for; else 404 with {@link INVITE_UNUSABLE}. */
  async lookup(domain: string, token: string): Promise<InviteSummary> {
    const organiser = await this.organisers.resolve(domain).catch(() => undefined);
    const found = INVITE_TOKEN.test(token)
      ? await this.team.findInvite(hashToken(token))
      : undefined;
    if (
      !organiser ||
      !found ||
      found.invite.organiserId !== organiser.id ||
      found.invite.expiresAt <= this.now()
    )
      throw notFound(INVITE_UNUSABLE);
    return {
      email: found.invite.email,
      role: found.invite.role,
      organiser: found.organiserName,
      expires_at: found.invite.expiresAt.toISOString(),
    };
  }

  /**
   * Uses an invitation: the user is made with the password, the invitation is gone (a link
   * works once, even when two tabs send it at once), and the new user is signed in.
   */
  async accept(domain: string, token: string, password: string): Promise<SignInAnswer> {
    const organiser = await this.organisers.resolve(domain).catch(() => undefined);
    if (!organiser) throw notFound(INVITE_UNUSABLE);
    if (organiser.expiryAt && organiser.expiryAt <= this.now())
      throw new AppError(403, "The organiser's account has expired: ask the provider to renew it");
    const passwordHash = await hashPassword(password);
    const invite = await this.team.takeInvite(organiser.id, hashToken(token), this.now());
    if (!invite) throw notFound(INVITE_UNUSABLE);
    const user = await this.accounts.insertUser({
      organiserId: organiser.id,
      email: invite.email,
      role: invite.role,
      passwordHash,
    });
    if (!user)
      throw conflict(`${invite.email} is already a user here: sign in with its password instead`);
    return this.console.signIn(domain, invite.email, password);
  }
}
