import { type Findability, findability } from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';

/** The findability dashboard of one event (the admin API, in the signed-in user's name). */
export function eventFindability(
  token: string,
  eventId: number,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<Findability>> {
  return consoleCall(
    `/api/v1/admin/events/${eventId}/findability`,
    findability,
    { token },
    fetchImpl,
  );
}
