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
 */
export async function POST(request: Request) {
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const everywhere = change.form.get('everywhere') === '1';
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (token) await signOut(token, everywhere);
  const host = request.headers.get('host') ?? '';
  jar.delete({ name: SESSION_COOKIE, path: consoleCookieOptions(host).path });
  jar.set(CSRF_COOKIE, newCsrfToken(), consoleCookieOptions(host));
  return toConsole(everywhere ? 'signed-out-everywhere' : 'signed-out');
}
