import {
  type BibReviewPage,
  bibReviewPage,
  type PhotoBibsAnswer,
  photoBibsAnswer,
} from '@eventsite/contract';
import { type ConsoleCall, consoleCall } from './console';

/**
 * Bibs by hand, through the admin API in the signed-in user's name: the photos to review, and a
 * photo's manual tags (the full list; [] clears them).
 */

export function bibReview(
  token: string,
  eventId: number,
  after: string | undefined,
  limit = 30,
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<BibReviewPage>> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (after) query.set('after', after);
  return consoleCall(
    `/api/v1/admin/events/${eventId}/bibs/review?${query.toString()}`,
    bibReviewPage,
    { token },
    fetchImpl,
  );
}

export function setPhotoBibs(
  token: string,
  uuid: string,
  bibs: string[],
  fetchImpl?: typeof fetch,
): Promise<ConsoleCall<PhotoBibsAnswer>> {
  return consoleCall(
    `/api/v1/admin/photos/${encodeURIComponent(uuid)}/bibs`,
    photoBibsAnswer,
    { method: 'PUT', token, body: { bibs } },
    fetchImpl,
  );
}
