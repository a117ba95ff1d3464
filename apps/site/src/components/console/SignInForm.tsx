import { CSRF_FIELD } from '@/lib/console-security';
import { CONSOLE_TEXT, type ConsoleNotice } from './strings';

/**
 * The console's sign-in: a plain form posted to /console/sign-in (works without JavaScript),
 * carrying the CSRF token of the console's cookie. A refusal comes back as a notice, announced
 * and tied to the fields.
 */
export function SignInForm({
  csrf,
  notice,
  next = null,
  linkOffered = false,
}: {
  csrf: string;
  notice: ConsoleNotice | null;
  /** Whether the API can email sign-in links: "Email me a sign-in link" is then offered. */
  linkOffered?: boolean;
  /** The console screen to go back to once signed in. */
  next?: string | null;
}) {
  const error =
    notice && notice in CONSOLE_TEXT.errors
      ? CONSOLE_TEXT.errors[notice as keyof typeof CONSOLE_TEXT.errors]
      : null;
  const info =
    notice === 'signed-out'
      ? CONSOLE_TEXT.signedOut
      : notice === 'signed-out-everywhere'
        ? CONSOLE_TEXT.signedOutEverywhere
        : null;
  return (
    <section className="console-card console-sign-in" aria-labelledby="console-sign-in-title">
      <h1 id="console-sign-in-title" className="page-title">
        {CONSOLE_TEXT.signInTitle}
      </h1>
      <p className="page-intro">{CONSOLE_TEXT.signInIntro}</p>
      {info ? (
        <p className="console-notice" role="status">
          {info}
        </p>
      ) : null}
      {error ? (
        <p className="console-error" role="alert" id="console-sign-in-error">
          {error}
        </p>
      ) : null}
      <form method="post" action="/console/sign-in" className="console-form">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <label htmlFor="console-email">{CONSOLE_TEXT.email}</label>
        <input
          id="console-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          aria-describedby={error ? 'console-sign-in-error' : undefined}
        />
        <label htmlFor="console-password">{CONSOLE_TEXT.password}</label>
        <input
          id="console-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          aria-describedby={error ? 'console-sign-in-error' : undefined}
        />
        <button type="submit" className="button">
          {CONSOLE_TEXT.signIn}
        </button>
      </form>
      {linkOffered ? (
        <p className="console-sign-in-link">
          <a href="/console/sign-in-link">{CONSOLE_TEXT.signInLink.offer}</a>
        </p>
      ) : null}
    </section>
  );
}
