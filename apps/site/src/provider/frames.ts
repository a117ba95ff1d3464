import type { EventFrame } from '@eventsite/contract';
import { browserEnvelope, eventPath } from './browser-call';
import { buildUrl } from './envelope';

/**
 * An event's sponsor frames, asked for from the browser (the photo viewer's download menu, the
 * promo editor). A provider without frames (the endpoint is not there, or it fails) has none: the
 * site then offers no frame at all.
 */
export async function fetchEventFrames(
  apiBase: string,
  eventId: number,
  appDomain?: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<EventFrame[]> {
  try {
    const answer = await browserEnvelope(
      buildUrl(apiBase, eventPath(eventId, '/frames'), appDomain ? { app_domain: appDomain } : {}),
      (c) => c.eventFrames,
      fetchImpl,
      signal,
    );
    return answer.frames;
  } catch {
    return [];
  }
}
