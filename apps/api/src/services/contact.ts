import type { ContactMessageInput } from '@eventsite/contract';
import type { ContactMessageRepository, ContactMessageRow } from '../repositories/contact.js';
import type { OrganiserService } from './organisers.js';

export class ContactService {
  constructor(
    private readonly messages: ContactMessageRepository,
    private readonly organisers: OrganiserService,
  ) {}

  /**
   * Keeps what the visitor wrote, for the organiser. Their address only counts against the
   * form's rate limit (the caller's); it is not stored.
   */
  async submit(
    domain: string,
    input: ContactMessageInput,
    _ip?: string,
  ): Promise<ContactMessageRow> {
    const organiser = await this.organisers.resolve(domain);
    return this.messages.insert({
      organiserId: organiser.id,
      domain,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      ip: '',
    });
  }

  async list(domain: string): Promise<ContactMessageRow[]> {
    const organiser = await this.organisers.resolve(domain);
    return this.messages.listByOrganiser(organiser.id);
  }
}
