import { BIB_PATTERN } from '@eventsite/contract/constants';
import { raceResult, type PhotoPage, type RaceResult } from '@eventsite/contract';
import { ProviderError, buildUrl, requestChecked } from './envelope';
import { apiUrl } from './env';
import { firstPhotoPage } from './gallery';
import { REVALIDATE_SECONDS } from './organiser';
import { eventCall } from './access';

/**
 * A runner's page (`/events/{slug}/runners/{bib}`), on the server: their photos are the gallery's
 * bib search (`…/photos?bib=`), their result `GET …/results/{bib}`. Both calls are the
 * contract's; a provider without results simply gives no result card.
 */

/** The bib of the URL as the contract reads it (trimmed, 1 to 10 letters or digits), or null. */
export function runnerBib(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  return BIB_PATTERN.test(value) ? value : null;
}

/** `GET /api/v1/client/events/{id}/results/{bib}`: the bib's result, or null (none, off, failed). */
export async function getRunnerResult(
  eventId: number,
  bib: string,
  fetchImpl: typeof fetch = fetch,
): Promise<RaceResult | null> {
  try {
    const url = buildUrl(
      apiUrl(),
      `/api/v1/client/events/${encodeURIComponent(String(eventId))}/results/${encodeURIComponent(bib)}`,
    );
    return await requestChecked(
      url,
      raceResult,
      await eventCall(eventId, { revalidate: REVALIDATE_SECONDS, tags: [`event:${eventId}`] }),
      fetchImpl,
    );
  } catch (error) {
    if (error instanceof ProviderError) return null;
    return null;
  }
}

export interface RunnerData {
  /** The first page of the bib's photos; 'missing' without a photo listing; null when it failed. */
  page: PhotoPage | 'missing' | null;
  result: RaceResult | null;
}

/**
 * The bib's first page of photos and its result, together. `forwardedFor` is the visitor's (the
 * search counts against their budget at the API); null for a cached call (the share image).
 */
export async function getRunner(
  eventId: number,
  bib: string,
  options: { photos: boolean; timing: boolean; forwardedFor?: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<RunnerData> {
  const [page, result] = await Promise.all([
    options.photos
      ? firstPhotoPage(eventId, { bib }, options.forwardedFor ?? null, fetchImpl)
      : Promise.resolve('missing' as const),
    options.timing ? getRunnerResult(eventId, bib, fetchImpl) : Promise.resolve(null),
  ]);
  return { page, result };
}
