import { randomBytes } from 'node:crypto';
import { SIGN_IN_LINK_MINUTES, SIGN_IN_LINK_TOKEN, type SignInAnswer } from '@eventsite/contract';
import { AppError } from '../errors.js';
import type { ConsoleRepository } from '../repositories/console.js';
import type { ConsoleSignInLinkRepository } from '../repositories/console-sign-in-links.js';
import type { ConsoleAccountService } from './console-accounts.js';
import type { OrganiserService } from './organisers.js';
import { hashToken } from './tokens.js';

/** One answer for every link that cannot be used: unknown, used, expired, another host's. */
export const SIGN_IN_LINK_UNUSABLE =
  'This sign-in link has been used or has expired: ask for a new one on the sign-in page';

/** Sends a sign-in link by email; resolves to whether the mail server took it, and why not. */
export type SignInLinkMailer = (mail: {
  to: string;
  organiser: string;
  link: string;
  expiresAt: Date;
}) => Promise<{ sent: boolean; note: string }>;

/**
 * Sign-in links by email: a console user who cannot sign in with the password (forgotten, or
 * held back while someone else guesses it) asks for a link to their address; it works once, for
 * SIGN_IN_LINK_MINUTES, and only its sha256 is kept. Nothing says whether an address has an
 * account: the caller answers the same either way and does not wait for the mail.
 */
export class ConsoleSignInLinkService {
  constructor(
    private readonly links: ConsoleSignInLinkRepository,
    private readonly accounts: ConsoleRepository,
    private readonly console: ConsoleAccountService,
    private readonly organisers: OrganiserService,
    private readonly mailer: SignInLinkMailer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Emails a link to `email` when it is a user of the organiser of `domain`, opening on
   * `siteOrigin` when that is one of the organiser's hosts (else https:// and its first domain).
   * What happened, for the log: `sent`, `no-account`, or the mail server's refusal.
   */
  async send(domain: string, email: string, siteOrigin: string | undefined): Promise<string> {
    const organiser = await this.organisers.resolve(domain).catch(() => undefined);
    const address = email.trim().toLowerCase();
    const user = organiser ? await this.accounts.findUser(organiser.id, address) : undefined;
    if (!organiser || !user) return 'no-account';
    const { name, domains } = await this.organisers.settings(organiser.id);
    const origin =
      siteOrigin && domains.includes(new URL(siteOrigin).hostname)
        ? new URL(siteOrigin).origin
        : domains[0]
          ? `https://${domains[0]}`
          : null;
    if (!origin) return 'no-domain';
    const token = `esl_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
    await this.links.deleteExpired(now);
    await this.links.insert(user.id, hashToken(token), expiresAt);
    const outcome = await this.mailer({
      to: user.email,
      organiser: name,
      link: `${origin}/console/sign-in-link/${token}`,
      expiresAt,
    });
    return outcome.sent ? 'sent' : outcome.note;
  }

  /**
   * Uses a link on the host it was made for: it is removed (once only), with the user's other
   * links, and a session is opened, as a sign-in opens one. Else 404 {@link SIGN_IN_LINK_UNUSABLE}.
   */
  async use(domain: string, token: string): Promise<SignInAnswer> {
    const organiser = await this.organisers.resolve(domain).catch(() => undefined);
    const found =
      organiser && SIGN_IN_LINK_TOKEN.test(token)
        ? await this.links.take(hashToken(token), organiser.id)
        : undefined;
    if (!organiser || !found || found.expiresAt <= this.now())
      throw new AppError(404, SIGN_IN_LINK_UNUSABLE);
    await this.links.deleteOf(found.user.id);
    return this.console.openSession(found.user, organiser.expiryAt ?? null);
  }
}
