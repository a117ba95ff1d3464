import {
  type EventAccessInput,
  type EventAccessSettings,
  eventAccessSettings,
} from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';

/**
 * Who may see an event (docs/private-galleries.md), for the console's event settings: the admin
 * API's own route for it, `…/events/{id}/access`, in the signed-in user's name.
 */

const accessPath = (eventId: number) => `/api/v1/admin/events/${eventId}/access`;

export function consoleEventAccess(
  token: string,
  eventId: number,
): Promise<ConsoleCall<EventAccessSettings>> {
  return consoleCall(accessPath(eventId), eventAccessSettings, { token });
}

export function changeConsoleEventAccess(
  token: string,
  eventId: number,
  input: EventAccessInput,
): Promise<ConsoleCall<EventAccessSettings>> {
  return consoleCall(accessPath(eventId), eventAccessSettings, {
    method: 'PUT',
    token,
    body: input,
  });
}
