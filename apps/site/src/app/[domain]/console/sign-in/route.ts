import { cookies } from 'next/headers';
import {
  consoleCookieOptions,
  consoleReturnPath,
  CSRF_COOKIE,
  DEVICE_COOKIE,
  DEVICE_COOKIE_SECONDS,
  newCsrfToken,
  SESSION_COOKIE,
} from '@/lib/console-security';
import { signIn } from '@/provider/console';
import { forwardedForOf } from '@/provider/visitor';
import { checkedChange, toConsole, toConsoleScreen } from '../change';

type Params = { params: Promise<{ domain: string }> };

/**
 * Signs in (the console's form): Origin and CSRF checked first, then the API's sign-in. Its
 * session token goes into the httpOnly session cookie, the CSRF cookie is made anew, and the
 * browser keeps the device token the API answered (its next sign-ins count on their own). Then to
 * the console screen the form came from (`next`, a console path only), else the events.
 */
export async function POST(request: Request, { params }: Params) {
  const { domain } = await params;
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const email = change.form.get('email');
  const password = change.form.get('password');
  const next = consoleReturnPath(change.form.get('next'));
  if (typeof email !== 'string' || typeof password !== 'string' || email === '' || password === '')
    return toConsole('refused', next);
  const jar = await cookies();
  const answer = await signIn(
    domain,
    email,
    password,
    forwardedForOf(request.headers.get('x-forwarded-for')),
    jar.get(DEVICE_COOKIE)?.value ?? null,
  );
  if (!answer.ok)
    return toConsole(
      answer.status === 429
        ? 'limited'
        : answer.status === 401 || answer.status === 400
          ? 'refused'
          : 'unavailable',
      next,
    );
  const host = request.headers.get('host') ?? '';
  const seconds = Math.max(0, Math.floor((Date.parse(answer.data.expires_at) - Date.now()) / 1000));
  jar.set(SESSION_COOKIE, answer.data.session_token, consoleCookieOptions(host, seconds));
  jar.set(CSRF_COOKIE, newCsrfToken(), consoleCookieOptions(host));
  jar.set(DEVICE_COOKIE, answer.data.device, consoleCookieOptions(host, DEVICE_COOKIE_SECONDS));
  return next ? toConsoleScreen(next as `/console${string}`) : toConsole(null);
}
