/**
 * The Cache-Control of a kept page (docs/performance.md, section 3c).
 *
 * Next.js answers a kept (ISR) page, its HTML and every RSC payload of it (a link's prefetch, a
 * client navigation), with `s-maxage=30, stale-while-revalidate=31535970`: meant for a CDN, but a
 * browser honours `stale-while-revalidate` in its own cache too. `s-maxage` is not for it, so the
 * answer is stale at once and inside the stale window for a year: on the next visit the browser
 * hands the page its stored prefetch of Home or All events, whatever its age, and asks the site
 * again in the background. That background request stayed open in Chromium for about 30 s, and
 * everything that waits for the network to go quiet waited with it.
 *
 * So the proxy sends kept pages this instead, and Next.js, which writes its own header only when
 * none is set, keeps it: a browser may store the page but asks again before each use
 * (`max-age=0`); a shared cache keeps it as long as the site does (the organiser layout's
 * `revalidate`), and is not told to serve it stale.
 */
export const KEPT_PAGE_REVALIDATE_SECONDS = 30;

export const KEPT_PAGE_CACHE_CONTROL = `max-age=0, s-maxage=${KEPT_PAGE_REVALIDATE_SECONDS}`;
