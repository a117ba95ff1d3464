import { revalidateTag } from 'next/cache';
import { organiserTag } from '@/provider/organiser';

/**
 * After a branding change: the organiser's data (every one of its host names) is expired at once
 * in this site's cache, so the next public page shows the change. With REDIS_URL the cache is
 * shared (cache-handler.mjs): every site process sees the expiry; without it, other processes
 * show the change when their copy ends (at most 30 s, REVALIDATE_SECONDS).
 */
export function showBrandingNow(domains: readonly string[], current: string): void {
  for (const domain of new Set([current, ...domains]))
    revalidateTag(organiserTag(domain), { expire: 0 });
}
