import { headers } from 'next/headers';

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

/** The visitor's X-Forwarded-For, read from the request being rendered (a dynamic page only). */
export async function visitorForwardedFor(): Promise<string | null> {
  return forwardedForOf((await headers()).get('x-forwarded-for'));
}
