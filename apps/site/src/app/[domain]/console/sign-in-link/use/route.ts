import { cookies } from 'next/headers';
import {
  consoleCookieOptions,
  CSRF_COOKIE,
  DEVICE_COOKIE,
  DEVICE_COOKIE_SECONDS,
  newCsrfToken,
  SESSION_COOKIE,
} from '@/lib/console-security';
import { redeemSignInLink } from '@/provider/console';
import { forwardedForOf } from '@/provider/visitor';
import { checkedChange, toConsole, toConsoleScreen } from '../../change';

type Params = { params: Promise<{ domain: string }> };

/**
 * Uses an emailed sign-in link: Origin, CSRF and fetch metadata checked, then the API takes the
 * link (once) and answers a session, which goes into the console's cookies as a sign-in's does,
 * with the device token (this browser's later password sign-ins count on their own).
 */
export async function POST(request: Request, { params }: Params) {
  const { domain } = await params;
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const token = change.form.get('token');
  if (typeof token !== 'string' || token === '')
    return toConsoleScreen('/console/sign-in-link', { error: 'unusable' });
  const answer = await redeemSignInLink(
    domain,
    token,
    forwardedForOf(request.headers.get('x-forwarded-for')),
  );
  if (!answer.ok)
    return toConsoleScreen('/console/sign-in-link', {
      error:
        answer.status === 404 || answer.status === 400
          ? 'unusable'
          : answer.status === 429
            ? 'limited'
            : 'unavailable',
    });
  const jar = await cookies();
  const host = request.headers.get('host') ?? '';
  const seconds = Math.max(0, Math.floor((Date.parse(answer.data.expires_at) - Date.now()) / 1000));
  jar.set(SESSION_COOKIE, answer.data.session_token, consoleCookieOptions(host, seconds));
  jar.set(CSRF_COOKIE, newCsrfToken(), consoleCookieOptions(host));
  jar.set(DEVICE_COOKIE, answer.data.device, consoleCookieOptions(host, DEVICE_COOKIE_SECONDS));
  return toConsole(null);
}
