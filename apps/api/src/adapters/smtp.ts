import nodemailer from 'nodemailer';

/**
 * The mail server (SMTP_URL), the one module that talks to it: contact form messages emailed on
 * to the organiser, console invitations (adapters/mail.ts).
 */

/** One email: a contact message (answerable to the visitor), or an invitation. */
export interface ContactMail {
  from: string | { name: string; address: string };
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
}

/** Sends mail; throws with the mail server's words when it cannot. */
export interface Mailer {
  send(mail: ContactMail): Promise<void>;
}

/** How long a mail server may take to greet, answer or take the message, each. */
export const SMTP_TIMEOUT_MS = 10_000;

/** Header values on one line: a subject or name with a line break could forge headers. */
export const oneLine = (text: string) => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

/**
 * The mailer of `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`): nodemailer's SMTP
 * transport, one connection a message (messages come one by one from the contact form).
 */
export function smtpMailer(smtpUrl: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo
          ? { replyTo: { name: oneLine(mail.replyTo.name), address: mail.replyTo.address } }
          : {}),
        subject: oneLine(mail.subject),
        text: mail.text,
      });
    },
  };
}
