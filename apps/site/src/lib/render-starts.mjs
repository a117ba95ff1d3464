// Renders that began before a change are not kept (docs/performance.md, section 3c).
//
// A kept page or fetch is dropped when a tag it answers to is revalidated (an organiser saved
// their branding, published an event). A render that was already under way then (a link's
// prefetch, another visitor) still holds the data from before, and finishes after: stored with
// its finishing time, it would pass as newer than the change and be served until its next
// revalidation. So the cache notes when each key was first asked for since it was last stored
// (a render begins with that question), and the change's time per tag; an entry whose render
// began before a change of one of its tags is answered to its own request but not kept.
//
// Plain JavaScript: used by the page cache (page-cache.mjs), which Next.js loads unbundled.
import { LRUCache } from 'lru-cache';

/** Keys come from Host headers and paths: a bounded number is watched. */
const MAX_KEYS = 5_000;

/** The tags a stored entry answers to: a page's from its headers, a fetch's from the call. */
export function entryTags(data, ctx) {
  const tags = [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
  if (Array.isArray(data?.tags)) tags.push(...data.tags);
  const header = data?.headers?.['x-next-cache-tags'];
  if (typeof header === 'string') tags.push(...header.split(','));
  return tags.filter(Boolean);
}

export class RenderStarts {
  constructor(now = () => Date.now()) {
    this.now = now;
    /** Key → when it was first asked for since it was last stored. */
    this.asked = new LRUCache({ max: MAX_KEYS });
    /** Tag → when it was last revalidated here. */
    this.changed = new LRUCache({ max: MAX_KEYS });
  }

  /** A key was looked up: a render of it may begin now. */
  ask(key) {
    if (!this.asked.has(key)) this.asked.set(key, this.now());
  }

  /** The tags were revalidated now. */
  revalidate(tags) {
    const at = this.now();
    for (const tag of typeof tags === 'string' ? [tags] : (tags ?? []))
      if (tag) this.changed.set(tag, at);
  }

  /** Whether an entry now being stored may be kept: no tag of it changed since its render began. */
  keep(key, tags) {
    const began = this.asked.get(key);
    this.asked.delete(key);
    if (began === undefined) return true;
    return !tags.some((tag) => {
      const at = this.changed.get(tag);
      return at !== undefined && at >= began;
    });
  }
}
