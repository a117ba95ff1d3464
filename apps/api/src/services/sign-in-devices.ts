import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device tokens of console sign-ins (after OWASP's "device cookies"): a browser that signed in
 * as an email once holds a token for that email and host. Its later attempts count against its
 * own limit, not the account's, so the account's limit slows a guesser elsewhere without locking
 * the owner out of the browser they use. A token is `esd_<id>.<HMAC of host, email and id>`,
 * signed with a key the API makes once and keeps with its other secrets: nothing is stored per
 * device, and a token of another email or host, or made up, is no device.
 */
export const DEVICE_TOKEN = /^esd_([\w-]{22})\.([\w-]{43})$/;

export class SignInDevices {
  private key: Promise<string> | undefined;

  constructor(private readonly loadKey: () => Promise<string>) {}

  /** A new device token for `email` on `domain`. */
  async issue(domain: string, email: string): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    return `esd_${id}.${await this.signature(domain, email, id)}`;
  }

  /** The device's id when `token` is one for `email` on `domain`, else null. */
  async recognise(
    token: string | undefined,
    domain: string,
    email: string,
  ): Promise<string | null> {
    const match = token ? DEVICE_TOKEN.exec(token) : null;
    if (!match) return null;
    const [, id, given] = match as unknown as [string, string, string];
    const expected = Buffer.from(await this.signature(domain, email, id));
    return timingSafeEqual(expected, Buffer.from(given)) ? id : null;
  }

  private async signature(domain: string, email: string, id: string): Promise<string> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    const subject = `${domain.trim().toLowerCase()}\n${email.trim().toLowerCase()}\n${id}`;
    return createHmac('sha256', await this.key)
      .update(subject)
      .digest('base64url');
  }
}
