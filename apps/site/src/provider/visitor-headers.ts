/**
 * The headers that name a visitor to the API, from an X-Forwarded-For: no request context needed,
 * so the proxy, route handlers and modules a browser bundle also reaches can use them.
 */
import { SITE_VISITOR_HEADER, signVisitor } from '@eventsite/contract/site-visitor';
import { siteKey } from './env';

/** At most this many addresses are passed on (a proxy chain is a few hops long). */
const MAX_HOPS = 8;
const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

/**
 * The X-Forwarded-For to send with a call made for the visitor of this request. Next.js sets the
 * header to the connection's address when the request came without one; a proxy in front of the
 * site adds the visitor's. Only entries that are IP addresses are kept, the nearest last.
 */
export function forwardedForOf(value: string | null): string | null {
  const hops = (value ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => ADDRESS.test(hop))
    .slice(-MAX_HOPS);
  return hops.length > 0 ? hops.join(', ') : null;
}

/**
 * The headers that name the visitor to the API: their X-Forwarded-For (for an API that trusts
 * the site as a proxy, TRUST_PROXY), and the nearest address in it signed with SITE_KEY, which the
 * API believes from the site alone (`@eventsite/contract/site-visitor`). The nearest address is
 * the connection's, or the one the proxy in front of the site saw: what a visitor wrote further
 * left is never signed. Without SITE_KEY only X-Forwarded-For goes.
 */
export function visitorHeaders(
  forwardedFor: string | null | undefined,
  key = siteKey(),
  now = Date.now(),
): Record<string, string> {
  const hops = forwardedForOf(forwardedFor ?? null);
  if (!hops) return {};
  const nearest = hops.split(', ').at(-1)!;
  const signed = key ? signVisitor(nearest, key, now) : null;
  return { 'x-forwarded-for': hops, ...(signed ? { [SITE_VISITOR_HEADER]: signed } : {}) };
}
