import type {
  ContactMessageInput,
  ForwardState,
  InboxMessage,
  InboxMessagePatch,
  InboxPage,
  InboxQuery,
} from '@eventsite/contract';
import { notFound } from '../errors.js';
import type { ContactMessageRepository, ContactMessageRow } from '../repositories/contact.js';
import type { OrganiserRow } from '../repositories/organisers.js';
import { type Mailer, oneLine } from '../adapters/smtp.js';
import type { OrganiserService } from './organisers.js';

/** The longest error of a mail server kept beside a message. */
const MAX_FORWARD_ERROR = 500;

export class ContactService {
  constructor(
    private readonly messages: ContactMessageRepository,
    private readonly organisers: OrganiserService,
    /** The mailer of SMTP_URL, or undefined: messages are kept for the inbox only. */
    private readonly mailer?: Mailer,
    /** The From of forwarded messages (SMTP_FROM); by default no-reply at the form's domain. */
    private readonly from?: string,
  ) {}

  /**
   * Keeps what the visitor wrote, for the organiser, then emails it on to the organiser's
   * address (the form's notify_email, else its contact_email) when SMTP_URL is set. The message
   * is stored first: a mail server that is down loses nothing, and the failure is recorded
   * beside it. Their address only counts against the form's rate limit (the caller's); it is
   * not stored.
   */
  async submit(
    domain: string,
    input: ContactMessageInput,
    _ip?: string,
  ): Promise<ContactMessageRow> {
    const organiser = await this.organisers.resolve(domain);
    const to = this.mailer ? await this.organisers.contactFormAddress(organiser) : '';
    const stored = await this.messages.insert({
      organiserId: organiser.id,
      domain,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      ip: '',
      forward: this.mailer && to ? 'pending' : 'off',
    });
    if (!this.mailer || !to) return stored;
    let forward: ForwardState = 'sent';
    let error: string | null = null;
    try {
      await this.mailer.send({
        from: this.from || `${oneLine(organiser.name)} contact form <no-reply@${domain}>`,
        to,
        replyTo: { name: input.name, address: input.email },
        subject: `[${oneLine(organiser.name)}] ${input.subject || `Message from ${input.name}`}`,
        text: forwardText(organiser, domain, input),
      });
    } catch (e) {
      forward = 'failed';
      error = (e instanceof Error ? e.message : String(e)).slice(0, MAX_FORWARD_ERROR);
    }
    return (await this.messages.setForward(stored.id, forward, error)) ?? stored;
  }

  async list(domain: string): Promise<ContactMessageRow[]> {
    const organiser = await this.organisers.resolve(domain);
    return this.messages.listByOrganiser(organiser.id);
  }

  /** A page of the organiser's inbox (or its archive), newest first. */
  async inbox(organiserId: number, query: InboxQuery): Promise<InboxPage> {
    const archived = query.archived === '1';
    const { total, unread } = await this.messages.counts(organiserId, archived);
    const offset = (query.page - 1) * query.page_size;
    const rows =
      offset < total
        ? await this.messages.page(organiserId, archived, offset, query.page_size)
        : [];
    return {
      messages: rows.map(toInboxMessage),
      unread,
      pagination: {
        total,
        page: query.page,
        page_size: query.page_size,
        total_pages: Math.ceil(total / query.page_size),
      },
    };
  }

  /** Marks one of the organiser's messages read or unread, archived or not; another's is 404. */
  async update(organiserId: number, id: number, patch: InboxMessagePatch): Promise<InboxMessage> {
    const row = await this.messages.update(organiserId, id, patch);
    if (!row) throw notFound(`No message has the id ${id}`);
    return toInboxMessage(row);
  }
}

function forwardText(organiser: OrganiserRow, domain: string, input: ContactMessageInput): string {
  return [
    `A visitor wrote through the contact form of ${domain}:`,
    '',
    `From: ${oneLine(input.name)} <${input.email}>`,
    `Subject: ${oneLine(input.subject) || '(none)'}`,
    '',
    input.message,
    '',
    '--',
    `Reply to this email to answer ${oneLine(input.name)}. The message is also in the inbox of ${oneLine(organiser.name)}'s console (/console/inbox).`,
  ].join('\n');
}

export function toInboxMessage(row: ContactMessageRow): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    domain: row.domain,
    received_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
    archived: row.archivedAt !== null,
    forward: (['pending', 'sent', 'failed', 'off'] as const).includes(row.forward as ForwardState)
      ? (row.forward as ForwardState)
      : 'off',
    forward_error: row.forwardError,
  };
}
