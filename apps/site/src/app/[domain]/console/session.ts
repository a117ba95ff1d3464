import type { Whoami } from '@eventsite/contract';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import {
  CONSOLE_PATH_HEADER,
  consoleReturnPath,
  CSRF_COOKIE,
  SESSION_COOKIE,
  validCsrf,
} from '@/lib/console-security';
import { whoIsSignedIn } from '@/provider/console';

export interface ConsoleSession {
  /** The session token, for the admin API (`Authorization: Bearer`). */
  token: string;
  who: Whoami;
  /** The CSRF token every form of the page carries. */
  csrf: string;
}

/**
 * The signed-in user of a console screen, asked of the API on every view. Signed out (or a
 * session that ended anywhere), the visitor goes to the sign-in form, with "Your session has
 * ended" when there was a session, and comes back to this screen once signed in.
 */
export async function consoleSessionOrSignIn(): Promise<ConsoleSession> {
  const [jar, requestHeaders] = await Promise.all([cookies(), headers()]);
  const csrf = validCsrf(jar.get(CSRF_COOKIE)?.value) ?? '';
  const token = jar.get(SESSION_COOKIE)?.value;
  const back = consoleReturnPath(requestHeaders.get(CONSOLE_PATH_HEADER));
  const signIn = (notice?: string) => {
    const query = new URLSearchParams({
      ...(notice ? { notice } : {}),
      ...(back ? { next: back } : {}),
    });
    return query.size ? `/console?${query}` : '/console';
  };
  if (!token) redirect(signIn());
  const who = await whoIsSignedIn(token);
  if (who.ok) return { token, who: who.data, csrf };
  redirect(signIn(who.status === 401 ? 'expired' : who.status === 429 ? 'held' : 'unavailable'));
}

/** The session token of a console change (a route handler), or null when signed out. */
export async function sessionTokenOfChange(): Promise<string | null> {
  const jar = await cookies();
  return jar.get(SESSION_COOKIE)?.value ?? null;
}
