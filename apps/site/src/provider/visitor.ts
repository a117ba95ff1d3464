import { headers } from 'next/headers';
import { forwardedForOf } from './visitor-headers';

export { forwardedForOf, visitorHeaders } from './visitor-headers';

/** The visitor's X-Forwarded-For, read from the request being rendered (a dynamic page only). */
export async function visitorForwardedFor(): Promise<string | null> {
  return forwardedForOf((await headers()).get('x-forwarded-for'));
}

/**
 * The X-Forwarded-For of the request being served, or null outside one (a test, work after the
 * answer): what a call made for the visitor passes on when its caller named nobody.
 */
export async function requestForwardedFor(): Promise<string | null> {
  try {
    return (await headers()).get('x-forwarded-for');
  } catch {
    return null;
  }
}
