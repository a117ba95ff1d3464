import type { SignInLinkMailer } from '../services/console-sign-in-links.js';
import type { InviteMailer } from '../services/console-team.js';
import { oneLine, smtpMailer } from './smtp.js';

const ROLE_WORDS = { owner: 'an owner', editor: 'an editor', photographer: 'a photographer' };

/**
 * Invitation emails through the SMTP server of SMTP_URL (nodemailer). A server that refuses or
 * does not answer within seconds is reported, never thrown: the owner still has the link.
 */
export function smtpInviteMailer(smtpUrl: string, from: string | undefined): InviteMailer {
  const mailer = smtpMailer(smtpUrl);
  return async ({ to, organiser, role, link, expiresAt }) => {
    // SMTP_FROM as set (it may carry its own name), else the organiser's name at no-reply@ its host.
    const sender = from ?? {
      name: oneLine(organiser),
      address: `no-reply@${new URL(link).hostname}`,
    };
    try {
      await mailer.send({
        from: sender,
        to,
        subject: `You are invited to the ${organiser} console`,
        text: [
          `You are invited to join ${organiser} as ${ROLE_WORDS[role]}.`,
          '',
          `Open this link to choose your password (it works once, until ${expiresAt.toUTCString()}):`,
          link,
          '',
          'If you did not expect this, ignore this email.',
        ].join('\n'),
      });
      return { sent: true, note: '' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        sent: false,
        note: `The mail server did not take the email (${reason.slice(0, 200)}): copy the link and send it`,
      };
    }
  };
}

/**
 * Sign-in link emails (the console's "Email me a sign-in link") through SMTP_URL. A refusal is
 * answered as a note, never thrown: the visitor was already told a link may be on its way.
 */
export function smtpSignInLinkMailer(smtpUrl: string, from: string | undefined): SignInLinkMailer {
  const mailer = smtpMailer(smtpUrl);
  return async ({ to, organiser, link, expiresAt }) => {
    const sender = from ?? {
      name: oneLine(organiser),
      address: `no-reply@${new URL(link).hostname}`,
    };
    try {
      await mailer.send({
        from: sender,
        to,
        subject: `Your sign-in link for the ${organiser} console`,
        text: [
          `Someone asked for a link to sign in to the ${organiser} console as ${to}.`,
          '',
          `Open this link to sign in (it works once, until ${expiresAt.toUTCString()}):`,
          link,
          '',
          'If you did not ask for it, ignore this email: nobody signs in without this link, and your password still works.',
        ].join('\n'),
      });
      return { sent: true, note: '' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        sent: false,
        note: `The mail server did not take the email (${reason.slice(0, 200)})`,
      };
    }
  };
}
