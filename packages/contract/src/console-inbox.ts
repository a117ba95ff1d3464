import { z } from 'zod';
import { positiveId } from './primitives.js';
import { wholeNumber } from './queries.js';

/**
 * The console's inbox (`/console/inbox`): the messages visitors sent through the hosted contact
 * form, newest first, with whether each was emailed on to the organiser.
 */

export const MAX_INBOX_PAGE_SIZE = 100;
export const DEFAULT_INBOX_PAGE_SIZE = 20;

/**
 * Whether a message was emailed on to the organiser's contact address: `sent`, `failed` (the
 * mail server refused or did not answer: the message is still here), `off` (no SMTP_URL, or no
 * contact address to send it to), `pending` (being sent).
 */
export const FORWARD_STATES = ['pending', 'sent', 'failed', 'off'] as const;
export type ForwardState = (typeof FORWARD_STATES)[number];

/** `GET /api/v1/admin/messages?page=&page_size=&archived=`. */
export const inboxQuery = z.object({
  page: wholeNumber('page', 1, 100000).default(1),
  page_size: wholeNumber('page_size', 1, MAX_INBOX_PAGE_SIZE).default(DEFAULT_INBOX_PAGE_SIZE),
  /** `1`: the archived messages instead of the inbox. */
  archived: z.enum(['0', '1'], 'archived must be 0 or 1').default('0'),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const inboxMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The host name the form was shown for. */
  domain: z.string(),
  received_at: z.string(),
  read: z.boolean(),
  archived: z.boolean(),
  forward: z.enum(FORWARD_STATES),
  /** Why forwarding failed (the mail server's words), else null. */
  forward_error: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const inboxPage = z.object({
  messages: z.array(inboxMessage),
  /** Unread messages not archived. */
  unread: z.number().int(),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
  }),
});
export type InboxPage = z.infer<typeof inboxPage>;

export const inboxMessageParams = z.object({ id: positiveId });

/** `PATCH /api/v1/admin/messages/{id}`: mark read or unread, archive or bring back. */
export const inboxMessagePatch = z
  .object({ read: z.boolean().optional(), archived: z.boolean().optional() })
  .strict()
  .refine((p) => p.read !== undefined || p.archived !== undefined, 'Give read or archived');
export type InboxMessagePatch = z.infer<typeof inboxMessagePatch>;
