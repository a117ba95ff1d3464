import {
  type InboxMessage,
  inboxMessage,
  type InboxMessagePatch,
  type InboxPage,
  inboxPage,
} from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';

/** The inbox of the contact form's messages, through the admin API in the user's name. */

export function inbox(
  token: string,
  page: number,
  archived: boolean,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<InboxPage>> {
  const query = new URLSearchParams({ page: String(page), archived: archived ? '1' : '0' });
  return consoleCall(`/api/v1/admin/messages?${query.toString()}`, inboxPage, { token }, fetchImpl);
}

export function updateMessage(
  token: string,
  id: number,
  patch: InboxMessagePatch,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<InboxMessage>> {
  return consoleCall(
    `/api/v1/admin/messages/${id}`,
    inboxMessage,
    { method: 'PATCH', token, body: patch },
    fetchImpl,
  );
}
