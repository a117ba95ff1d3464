import {
  type AdminEvent,
  adminEvent,
  type EventDeleted,
  eventDeleted,
  type EventInput,
  type EventPatch,
  type ResultsImportAnswer,
  resultsImportAnswer,
  type ResultsPreview,
  resultsPreview,
} from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';

/**
 * The console's event settings and results import (docs/console.md): the admin API in the
 * signed-in user's name, through `consoleCall`.
 */

const eventPath = (eventId: number) => `/api/v1/admin/events/${eventId}`;

export function consoleEvent(token: string, eventId: number): Promise<ConsoleCall<AdminEvent>> {
  return consoleCall(eventPath(eventId), adminEvent, { token });
}

export function createConsoleEvent(
  token: string,
  input: Partial<EventInput>,
): Promise<ConsoleCall<AdminEvent>> {
  return consoleCall('/api/v1/admin/events', adminEvent, { method: 'POST', token, body: input });
}

export function changeConsoleEvent(
  token: string,
  eventId: number,
  patch: EventPatch,
): Promise<ConsoleCall<AdminEvent>> {
  return consoleCall(eventPath(eventId), adminEvent, { method: 'PATCH', token, body: patch });
}

export function deleteConsoleEvent(
  token: string,
  eventId: number,
): Promise<ConsoleCall<EventDeleted>> {
  return consoleCall(eventPath(eventId), eventDeleted, { method: 'DELETE', token });
}

const mapQuery = (map: string) => (map ? `?map=${encodeURIComponent(map)}` : '');

/** What importing the file with this mapping would do (nothing stored). */
export function previewResults(
  token: string,
  eventId: number,
  bytes: Uint8Array,
  map: string,
): Promise<ConsoleCall<ResultsPreview>> {
  return consoleCall(`${eventPath(eventId)}/results/preview${mapQuery(map)}`, resultsPreview, {
    method: 'POST',
    token,
    raw: { contentType: 'text/csv', data: bytes },
  });
}

/** Imports the file: the event's results are replaced (a bib already there is updated). */
export function importResults(
  token: string,
  eventId: number,
  bytes: Uint8Array,
  map: string,
): Promise<ConsoleCall<ResultsImportAnswer>> {
  return consoleCall(`${eventPath(eventId)}/results${mapQuery(map)}`, resultsImportAnswer, {
    method: 'POST',
    token,
    raw: { contentType: 'text/csv', data: bytes },
  });
}

/** Uploads the event's banner (the image as the body); the API turns the banner on with it. */
export function uploadBanner(
  token: string,
  eventId: number,
  file: { type: string; data: ArrayBuffer },
): Promise<ConsoleCall<AdminEvent>> {
  return consoleCall(`${eventPath(eventId)}/banner`, adminEvent, {
    method: 'POST',
    token,
    raw: { contentType: file.type || 'application/octet-stream', data: file.data },
  });
}

/** Removes the event's banner. */
export function removeBanner(token: string, eventId: number): Promise<ConsoleCall<AdminEvent>> {
  return consoleCall(`${eventPath(eventId)}/banner`, adminEvent, { method: 'DELETE', token });
}
