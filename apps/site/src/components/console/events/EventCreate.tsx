import { CSRF_FIELD } from '@/lib/console-security';
import { ErrorSummary, TextField } from './Fields';
import type { FieldErrors, FormValues } from './event-form';
import { EVENTS_TEXT } from './strings';

/** The new event form: name, date, city; the rest is set on the event's settings next. */
export function EventCreate({
  csrf,
  origin,
  values,
  errors,
}: {
  csrf: string;
  origin: string;
  values: FormValues;
  errors: FieldErrors;
}) {
  return (
    <section className="events-screen">
      <p>{EVENTS_TEXT.newIntro}</p>
      <ErrorSummary errors={errors} title={EVENTS_TEXT.refused} />
      <form method="post" action="/console/events/create" className="events-form" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <TextField
          name="name"
          label={EVENTS_TEXT.name}
          values={values}
          errors={errors}
          required
          maxLength={160}
          hint={
            <>
              {EVENTS_TEXT.addressWillBe}{' '}
              <span className="console-url-text">{`${origin}/events/spring-10k-123/photos`}</span>
            </>
          }
        />
        <TextField
          name="event_date"
          label={EVENTS_TEXT.date}
          type="date"
          values={values}
          errors={errors}
          required
        />
        <TextField
          name="city"
          label={
            <>
              {EVENTS_TEXT.city} <span className="events-optional">{EVENTS_TEXT.optional}</span>
            </>
          }
          values={values}
          errors={errors}
          maxLength={120}
        />
        <button type="submit" className="button">
          {EVENTS_TEXT.create}
        </button>
      </form>
    </section>
  );
}
