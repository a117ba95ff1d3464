import {
  type EventFrame,
  eventFrame,
  type EventFrames,
  eventFrames,
  type EventWatermark,
  eventWatermark,
  type WatermarkInput,
} from '@eventsite/contract';
import { z } from 'zod';
import { type ConsoleCall, consoleCall } from './console';

/**
 * The console's "Watermark and frames" screen (docs/watermarks.md): an event's watermark and
 * sponsor frames through the admin API in the signed-in user's name (`consoleCall`).
 */

const eventPath = (eventId: number) => `/api/v1/admin/events/${eventId}`;

export function consoleWatermark(
  token: string,
  eventId: number,
): Promise<ConsoleCall<EventWatermark>> {
  return consoleCall(`${eventPath(eventId)}/watermark`, eventWatermark, { token });
}

export function saveWatermark(
  token: string,
  eventId: number,
  input: WatermarkInput,
): Promise<ConsoleCall<EventWatermark>> {
  return consoleCall(`${eventPath(eventId)}/watermark`, eventWatermark, {
    method: 'PUT',
    token,
    body: input,
  });
}

/** Uploads the watermark image (the image as the body); the mark becomes an image mark. */
export function uploadWatermarkImage(
  token: string,
  eventId: number,
  file: { type: string; data: ArrayBuffer },
): Promise<ConsoleCall<EventWatermark>> {
  return consoleCall(`${eventPath(eventId)}/watermark/image`, eventWatermark, {
    method: 'POST',
    token,
    raw: { contentType: file.type || 'application/octet-stream', data: file.data },
  });
}

export function removeWatermarkImage(
  token: string,
  eventId: number,
): Promise<ConsoleCall<EventWatermark>> {
  return consoleCall(`${eventPath(eventId)}/watermark/image`, eventWatermark, {
    method: 'DELETE',
    token,
  });
}

export function consoleFrames(token: string, eventId: number): Promise<ConsoleCall<EventFrames>> {
  return consoleCall(`${eventPath(eventId)}/frames`, eventFrames, { token });
}

/** Adds a sponsor frame (the PNG as the body, its name in the query). */
export function addFrame(
  token: string,
  eventId: number,
  name: string,
  file: { data: ArrayBuffer },
): Promise<ConsoleCall<EventFrame>> {
  return consoleCall(`${eventPath(eventId)}/frames?name=${encodeURIComponent(name)}`, eventFrame, {
    method: 'POST',
    token,
    raw: { contentType: 'image/png', data: file.data },
  });
}

export function removeFrame(
  token: string,
  eventId: number,
  frameId: number,
): Promise<ConsoleCall<{ deleted: true }>> {
  return consoleCall(
    `${eventPath(eventId)}/frames/${frameId}`,
    z.object({ deleted: z.literal(true) }),
    { method: 'DELETE', token },
  );
}
