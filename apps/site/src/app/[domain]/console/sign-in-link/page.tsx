import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { CONSOLE_TEXT, signInLinkErrorOf } from '@/components/console/strings';
import '@/components/console/console.css';
import { CSRF_COOKIE, CSRF_FIELD, validCsrf } from '@/lib/console-security';
import { signInLinksOffered } from '@/provider/console';

const T = CONSOLE_TEXT.signInLink;

export const metadata: Metadata = {
  title: T.title,
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * "Email me a sign-in link" (no session needed): an email, and the API mails a one-time link to
 * it if it has access here. What the page says after is the same whether or not it has.
 */
export default async function SignInLinkPage({ searchParams }: Props) {
  const [query, jar, offered] = await Promise.all([searchParams, cookies(), signInLinksOffered()]);
  const csrf = validCsrf(jar.get(CSRF_COOKIE)?.value) ?? '';
  const error = signInLinkErrorOf(query.error);
  return (
    <div className="container page console">
      <section className="console-card console-sign-in" aria-labelledby="sign-in-link-title">
        <h1 id="sign-in-link-title" className="page-title">
          {T.title}
        </h1>
        {query.sent === '1' ? (
          <p className="console-notice" role="status">
            {T.sent}
          </p>
        ) : null}
        {error ? (
          <p className="console-error" role="alert" id="sign-in-link-error">
            {T.errors[error]}
          </p>
        ) : null}
        {offered ? (
          <>
            <p className="page-intro">{T.intro}</p>
            <form method="post" action="/console/sign-in-link/send" className="console-form">
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <label htmlFor="sign-in-link-email">{CONSOLE_TEXT.email}</label>
              <input
                id="sign-in-link-email"
                name="email"
                type="email"
                autoComplete="username"
                required
                maxLength={254}
                aria-describedby={error ? 'sign-in-link-error' : undefined}
              />
              <button type="submit" className="button">
                {T.submit}
              </button>
            </form>
          </>
        ) : (
          <p className="console-notice" role="status">
            {T.notOffered}
          </p>
        )}
        <p>
          <a href="/console">{T.back}</a>
        </p>
      </section>
    </div>
  );
}
