import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { CONSOLE_TEXT } from '@/components/console/strings';
import '@/components/console/console.css';
import { CSRF_COOKIE, CSRF_FIELD, validCsrf } from '@/lib/console-security';

const T = CONSOLE_TEXT.signInLink;

export const metadata: Metadata = {
  title: T.useTitle,
  robots: { index: false, follow: false },
  // Not 'no-referrer': the browser would then send `Origin: null` with the form, which the
  // console's CSRF check refuses. The site's strict-origin-when-cross-origin already keeps the
  // path (and the token in it) from other sites.
};

type Props = { params: Promise<{ token: string }> };

/**
 * The emailed link's page (`/console/sign-in-link/{token}`): a button that uses it. Opening the
 * page uses nothing (a mail scanner that follows links does not spend it); the person's click
 * posts the token, and the API opens the session.
 */
export default async function SignInLinkUsePage({ params }: Props) {
  const [{ token }, jar] = await Promise.all([params, cookies()]);
  const csrf = validCsrf(jar.get(CSRF_COOKIE)?.value) ?? '';
  return (
    <div className="container page console">
      <section className="console-card console-sign-in" aria-labelledby="sign-in-link-use-title">
        <h1 id="sign-in-link-use-title" className="page-title">
          {T.useTitle}
        </h1>
        <p className="page-intro">{T.useIntro}</p>
        <form method="post" action="/console/sign-in-link/use" className="console-form">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="token" value={token.slice(0, 100)} />
          <button type="submit" className="button">
            {T.use}
          </button>
        </form>
      </section>
    </div>
  );
}
