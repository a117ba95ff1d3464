import { EVENT_ACCESS_LEVELS, type EventAccessSettings } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { ACCESS_SETTINGS_TEXT as TEXT } from './access-strings';
import './access.css';

interface Props {
  eventId: number;
  csrf: string;
  /** As stored; null when it could not be read. */
  access: EventAccessSettings | null;
  /** The last change's refusal, said beside the form. */
  error: string | null;
  /** An unlisted gallery's link (with its key), shown to be shared; null otherwise. */
  link?: string | null;
}

/**
 * An event's Access (docs/private-galleries.md): public, unlisted or password, with the password
 * field. Its own form and route (`…/access`), so that a password never travels with the other
 * settings, and works without script like every console form.
 */
export function EventAccess({ eventId, csrf, access, error, link = null }: Props) {
  return (
    <section className="events-section" aria-labelledby="events-access">
      <h2 id="events-access" className="console-section-title">
        {TEXT.title}
      </h2>
      {access === null ? (
        <p className="console-error" role="alert">
          {TEXT.unavailable}
        </p>
      ) : (
        <form
          method="post"
          action={`/console/events/${eventId}/access`}
          className="events-access-form"
          noValidate
        >
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          {access.access === 'unlisted' && link ? (
            <p className="events-access-link">
              {TEXT.link}{' '}
              <a href={link} target="_blank" rel="noopener">
                {link}
              </a>
            </p>
          ) : null}
          <fieldset className="events-group" aria-describedby="events-access-intro">
            <legend id="events-access-intro">{TEXT.intro}</legend>
            {EVENT_ACCESS_LEVELS.map((level) => (
              <div className="events-check" key={level}>
                <input
                  id={`access_level_${level}`}
                  name="access"
                  type="radio"
                  value={level}
                  defaultChecked={access.access === level}
                  aria-describedby={`access_level_${level}-hint`}
                />
                <label htmlFor={`access_level_${level}`}>{TEXT.levels[level].label}</label>
                <p id={`access_level_${level}-hint`} className="console-hint">
                  {TEXT.levels[level].hint}
                </p>
              </div>
            ))}
          </fieldset>
          <div className="events-field">
            <label htmlFor="access_new_password">{TEXT.password}</label>
            <p id="access_new_password-hint" className="console-hint">
              {access.has_password ? TEXT.passwordKeep : TEXT.passwordHint}
            </p>
            <input
              id="access_new_password"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={200}
              aria-invalid={error ? true : undefined}
              aria-describedby={
                error ? 'access_new_password-hint access-error' : 'access_new_password-hint'
              }
            />
            {error ? (
              <p id="access-error" className="events-field-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button">
            {TEXT.save}
          </button>
        </form>
      )}
    </section>
  );
}
