import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { ConsoleHome } from '@/components/console/ConsoleHome';
import { SignInForm } from '@/components/console/SignInForm';
import { CONSOLE_TEXT, noticeOf } from '@/components/console/strings';
import '@/components/console/console.css';
import { consoleReturnPath, CSRF_COOKIE, SESSION_COOKIE, validCsrf } from '@/lib/console-security';
import { siteOrigin } from '@/lib/seo';
import { consoleEvents, signInLinksOffered, whoIsSignedIn } from '@/provider/console';

/** Never in a search engine (the proxy also answers X-Robots-Tag, robots.txt disallows /console). */
export const metadata: Metadata = {
  title: CONSOLE_TEXT.title,
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ domain: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The organiser console (docs/console.md): signed out, the sign-in form; signed in, the
 * organiser's events. Who is signed in is the API's answer for the session cookie, on every view.
 */
export default async function ConsolePage({ params, searchParams }: Props) {
  const [{ domain }, query, jar] = await Promise.all([params, searchParams, cookies()]);
  const csrf = validCsrf(jar.get(CSRF_COOKIE)?.value) ?? '';
  const token = jar.get(SESSION_COOKIE)?.value;
  let notice = noticeOf(query.notice);
  if (token) {
    const who = await whoIsSignedIn(token);
    if (who.ok) {
      const events = await consoleEvents(token);
      return (
        <div className="container page console">
          <ConsoleHome
            who={who.data}
            events={events.ok ? events.data : null}
            csrf={csrf}
            origin={siteOrigin(domain)}
            signOutFailed={notice === 'sign-out-failed'}
            eventsHeld={!events.ok && events.status === 429}
          />
        </div>
      );
    }
    if (who.status === 401) notice = 'expired';
    // Held back for this visitor's address (failed authentications): said plainly.
    if (who.status === 429) notice = 'held';
  }
  return (
    <div className="container page console">
      <SignInForm
        csrf={csrf}
        notice={notice}
        next={consoleReturnPath(query.next)}
        linkOffered={await signInLinksOffered()}
      />
    </div>
  );
}
