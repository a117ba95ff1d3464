import { cookies } from 'next/headers';
import { galleryPath, grantCookieOptions, safeNext, sameOriginPost } from '@/lib/gallery-access';
import { parseEventSlug } from '@/lib/slug';
import { grantCookieName, grantCookiePath, requestGrant } from '@/provider';
import { forwardedForOf } from '@/provider/visitor';

type Context = { params: Promise<{ domain: string; eventSlug: string }> };

const NO_INDEX = 'noindex, nofollow';

function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'x-robots-tag': NO_INDEX },
  });
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': NO_INDEX,
    },
  });
}

/**
 * A password gallery's password (the form of its password page, docs/private-galleries.md): from
 * this site only (its Origin), checked by the API with the visitor's address (its limit on
 * attempts counts them). The right one: the grant goes into an httpOnly cookie scoped to the
 * event's pages, until it expires, and the visitor back to the page they were on. Else the
 * password page again, saying why.
 */
export async function POST(request: Request, { params }: Context) {
  const { domain, eventSlug } = await params;
  const host = request.headers.get('host');
  if (!sameOriginPost(request.headers.get('origin'), host))
    return plain(403, 'This form did not come from this site, so nothing was done.');
  const eventId = parseEventSlug(eventSlug);
  if (eventId === null) return plain(404, 'Not found');
  const form = await request.formData().catch(() => new FormData());
  const password = form.get('password');
  const next = safeNext(eventSlug, form.get('next') ?? request.headers.get('referer'), host);
  const again = (error: string, extra: Record<string, string> = {}) =>
    seeOther(
      `${grantCookiePath(eventSlug)}/password?${new URLSearchParams({ error, next, ...extra })}`,
    );
  if (typeof password !== 'string' || password === '') return again('empty');
  if (password.length > 200) return again('wrong');
  const answer = await requestGrant(
    domain,
    eventId,
    password,
    forwardedForOf(request.headers.get('x-forwarded-for')),
  );
  if (answer.ok) {
    (await cookies()).set(
      grantCookieName(eventId),
      answer.grant,
      grantCookieOptions(host ?? '', grantCookiePath(eventSlug), answer.expiresAt),
    );
    return seeOther(next);
  }
  if (answer.reason === 'open') return seeOther(next);
  if (answer.reason === 'not-found') return plain(404, 'Not found');
  if (answer.reason === 'limited')
    return again('limited', { retry: String(answer.retryMinutes ?? 15) });
  return again(answer.reason);
}

/** The form's address opened as a page: the gallery's, which asks for the password itself. */
export async function GET(_request: Request, { params }: Context) {
  const { eventSlug } = await params;
  return seeOther(galleryPath(eventSlug));
}
