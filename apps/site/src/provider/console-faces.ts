import {
  type FaceDataDeleted,
  faceDataDeleted,
  type FaceDataRecord,
  faceDataRecord,
} from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';

/**
 * An event's face data (docs/privacy.md), for the console's event settings: what is held, and
 * its erase, through the admin API's `…/events/{id}/faces` in the signed-in user's name.
 */

const facesPath = (eventId: number) => `/api/v1/admin/events/${eventId}/faces`;

export function consoleFaceData(
  token: string,
  eventId: number,
): Promise<ConsoleCall<FaceDataRecord>> {
  return consoleCall(facesPath(eventId), faceDataRecord, { token });
}

export function eraseConsoleFaceData(
  token: string,
  eventId: number,
): Promise<ConsoleCall<FaceDataDeleted>> {
  return consoleCall(facesPath(eventId), faceDataDeleted, { method: 'DELETE', token });
}
