import { cookies } from 'next/headers';
import {
  consoleCookieOptions,
  CSRF_COOKIE,
  newCsrfToken,
  SESSION_COOKIE,
} from '@/lib/console-security';
import { signOut } from '@/provider/console';
import { checkedChange, toConsole } from '../change';

/**
 * Signs out (the console's Sign out and Sign out everywhere): Origin and CSRF checked first; the
 * API ends the session (or every session of its user), the cookie goes, the CSRF cookie is new.
 * When the API could not end it, nothing changes and the console says so.
 */
export async function POST(request: Request) {
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const everywhere = change.form.get('everywhere') === '1';
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (token) {
    const ended = await signOut(token, everywhere);
    // Not reached or refused (the API down, a 5xx): the sessions are still open, so the visitor
    // keeps the cookie and is told, rather than shown 'signed out' for sessions that go on. A 401
    // means the session had already ended; any 2xx that it has ended now.
    const status = ended.ok ? 200 : ended.status;
    if (status !== 401 && (status === null || status >= 300)) return toConsole('sign-out-failed');
  }
  const host = request.headers.get('host') ?? '';
  jar.delete({ name: SESSION_COOKIE, path: consoleCookieOptions(host).path });
  jar.set(CSRF_COOKIE, newCsrfToken(), consoleCookieOptions(host));
  return toConsole(everywhere ? 'signed-out-everywhere' : 'signed-out');
}
