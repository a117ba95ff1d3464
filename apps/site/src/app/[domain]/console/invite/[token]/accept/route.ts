import { MIN_PASSWORD_LENGTH } from '@eventsite/contract';
import { cookies } from 'next/headers';
import {
  consoleCookieOptions,
  CSRF_COOKIE,
  newCsrfToken,
  SESSION_COOKIE,
} from '@/lib/console-security';
import { acceptInvite } from '@/provider/console-branding';
import { forwardedForOf } from '@/provider/visitor';
import { checkedChange, toConsole, toConsoleScreen } from '../../../change';

type Params = { params: Promise<{ domain: string; token: string }> };

/**
 * Uses an invitation: Origin and CSRF checked, the two passwords compared, then the API makes
 * the user and answers a session, which goes into the console's cookie as a sign-in does.
 */
export async function POST(request: Request, { params }: Params) {
  const { domain, token } = await params;
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const back = (error: string) =>
    toConsoleScreen(`/console/invite/${encodeURIComponent(token)}`, { error });
  const password = change.form.get('password');
  const confirm = change.form.get('confirm');
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) return back('short');
  if (password !== confirm) return back('mismatch');
  const answer = await acceptInvite(
    domain,
    token,
    password,
    forwardedForOf(request.headers.get('x-forwarded-for')),
  );
  if (!answer.ok)
    return back(
      answer.status === 404 || answer.status === 400
        ? 'unusable'
        : answer.status === 409
          ? 'exists'
          : answer.status === 429
            ? 'limited'
            : 'unavailable',
    );
  const jar = await cookies();
  const host = request.headers.get('host') ?? '';
  const seconds = Math.max(0, Math.floor((Date.parse(answer.data.expires_at) - Date.now()) / 1000));
  jar.set(SESSION_COOKIE, answer.data.session_token, consoleCookieOptions(host, seconds));
  jar.set(CSRF_COOKIE, newCsrfToken(), consoleCookieOptions(host));
  return toConsole(null);
}
