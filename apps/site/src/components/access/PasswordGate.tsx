import { BackToEvents } from '@/components/gallery/EventHeader';
import type { GateError } from '@/lib/gallery-access';
import { ACCESS_TEXT } from './strings';
import './access.css';

interface Props {
  eventSlug: string;
  /** `expired`: the visitor had a grant that no longer opens the event. */
  reason?: 'password' | 'expired';
  /** The last attempt's failure, when the page is shown again after it. */
  error?: GateError | null;
  retryMinutes?: number;
  /** The page of the event to go back to; without it, the page the form was posted from. */
  next?: string;
}

/**
 * A password gallery's page for a visitor without access (docs/private-galleries.md): in the
 * organiser's layout and colours, nothing of the event but that it asks for a password. A plain
 * form (no script): the site's route handler checks the password with the API, keeps the grant
 * in a cookie of the event's path, and goes back to the page.
 */
export function PasswordGate({
  eventSlug,
  reason = 'password',
  error = null,
  retryMinutes = 15,
  next,
}: Props) {
  const message =
    error === 'limited'
      ? ACCESS_TEXT.limited(retryMinutes)
      : error
        ? ACCESS_TEXT.errors[error]
        : reason === 'expired'
          ? ACCESS_TEXT.expired
          : null;
  const invalid = error === 'wrong' || error === 'empty';
  return (
    <div className="container page access-gate">
      <BackToEvents />
      <section className="access-card" aria-labelledby="access-title">
        <span className="access-icon" aria-hidden="true">
          <svg
            width="26"
            height="26"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="4" y="10" width="16" height="11" rx="2" />
            <path d="M8 10V7a4 4 0 0 1 8 0v3" />
          </svg>
        </span>
        <h1 id="access-title">{ACCESS_TEXT.title}</h1>
        <p>{ACCESS_TEXT.intro}</p>
        {message ? (
          <p className="access-error" role="alert" id="access-error">
            {message}
          </p>
        ) : null}
        <form
          method="post"
          action={`/events/${encodeURIComponent(eventSlug)}/unlock`}
          className="access-form"
        >
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <label htmlFor="access-password">{ACCESS_TEXT.password}</label>
          <input
            id="access-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={message ? 'access-error' : undefined}
          />
          <button type="submit" className="button">
            {ACCESS_TEXT.submit}
          </button>
        </form>
      </section>
    </div>
  );
}
