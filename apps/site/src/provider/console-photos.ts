import {
  type AdminPhotoPage,
  adminPhotoPage,
  type EventCover,
  eventCover,
  type HideRequestItems,
  hideRequestItems,
  type HideRequestUndone,
  hideRequestUndone,
  type JobRetried,
  jobRetried,
  type JobsStatus,
  jobsStatus,
  type PhotoVisibility,
  photoVisibility,
} from '@eventsite/contract';
import { z } from 'zod';
import { type ConsoleCall, consoleCall } from './console';
import { apiUrl } from './env';
import { buildUrl, PROVIDER_TIMEOUT_MS } from './envelope';
import { requestForwardedFor, visitorHeaders } from './visitor';

/**
 * The console's Photos screen: an event's photos with their state, its jobs' progress, and the
 * changes (hide, restore, delete, cover, retry), all through the admin API in the signed-in
 * user's name (`consoleCall`). Uploads go through the tus proxy (provider/console-uploads.ts).
 */

export function consolePhotoPage(
  token: string,
  eventId: number,
  page: number,
  pageSize: number,
): Promise<ConsoleCall<AdminPhotoPage>> {
  return consoleCall(
    `/api/v1/admin/events/${eventId}/photos?page=${page}&page_size=${pageSize}`,
    adminPhotoPage,
    { token },
  );
}

export function consoleJobs(token: string, eventId: number): Promise<ConsoleCall<JobsStatus>> {
  return consoleCall(`/api/v1/admin/events/${eventId}/jobs`, jobsStatus, { token });
}

export function setPhotoHidden(
  token: string,
  uuid: string,
  hidden: boolean,
): Promise<ConsoleCall<PhotoVisibility>> {
  return consoleCall(
    `/api/v1/admin/photos/${encodeURIComponent(uuid)}/${hidden ? 'hide' : 'restore'}`,
    photoVisibility,
    { method: 'POST', token },
  );
}

export function deletePhoto(token: string, uuid: string) {
  return consoleCall(
    `/api/v1/admin/photos/${encodeURIComponent(uuid)}`,
    z.object({ uuid: z.string(), deleted: z.literal(true) }),
    { method: 'DELETE', token },
  );
}

export function setEventCover(
  token: string,
  eventId: number,
  uuid: string | null,
): Promise<ConsoleCall<EventCover>> {
  return consoleCall(`/api/v1/admin/events/${eventId}/cover`, eventCover, {
    method: 'PUT',
    token,
    body: { photo_uuid: uuid },
  });
}

export function retryJob(
  token: string,
  eventId: number,
  jobId: number,
): Promise<ConsoleCall<JobRetried>> {
  return consoleCall(`/api/v1/admin/events/${eventId}/jobs/${jobId}/retry`, jobRetried, {
    method: 'POST',
    token,
  });
}

/** The event's "Hide me" requests, newest first: when, and how many faces and photos each blurred. */
export function consoleHideRequests(
  token: string,
  eventId: number,
): Promise<ConsoleCall<HideRequestItems>> {
  return consoleCall(`/api/v1/admin/events/${eventId}/hide-requests/items`, hideRequestItems, {
    token,
  });
}

/** Undoes one "Hide me" request: its faces are shown and found again. */
export function undoHideRequest(
  token: string,
  eventId: number,
  requestId: number,
): Promise<ConsoleCall<HideRequestUndone>> {
  return consoleCall(
    `/api/v1/admin/events/${eventId}/hide-requests/${requestId}`,
    hideRequestUndone,
    {
      method: 'DELETE',
      token,
    },
  );
}

/**
 * A photo's console thumbnail (image bytes, so not an envelope): the API's answer, its body a
 * stream, or null when the API did not answer.
 */
export async function photoPreview(token: string, uuid: string): Promise<Response | null> {
  try {
    return await fetch(
      buildUrl(apiUrl(), `/api/v1/admin/photos/${encodeURIComponent(uuid)}/preview`),
      {
        headers: {
          authorization: `Bearer ${token}`,
          ...visitorHeaders(await requestForwardedFor()),
        },
        cache: 'no-store',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      },
    );
  } catch {
    return null;
  }
}
