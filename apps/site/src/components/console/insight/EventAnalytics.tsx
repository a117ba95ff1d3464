import { type EventStats, STAT_KINDS } from '@eventsite/contract';
import { ANALYTICS_TEXT as T } from './analytics-strings';

/** Whole numbers as the organiser reads them. */
const count = (n: number) => n.toLocaleString('en-GB');

/**
 * An event's visitor analytics: the totals of the span, then a line per day, newest first. The
 * span is a plain GET form, and the same span downloads as CSV.
 */
export function EventAnalytics({
  eventId,
  stats,
  span,
  error,
}: {
  eventId: number;
  /** null when they could not be loaded (`error` says why). */
  stats: EventStats | null;
  /** The span as asked (kept in the form, even when refused). */
  span: { from?: string; to?: string };
  error?: string | null;
}) {
  const from = stats?.from ?? span.from ?? '';
  const to = stats?.to ?? span.to ?? '';
  const csv = `/console/events/${eventId}/analytics/csv?${new URLSearchParams({ from, to }).toString()}`;
  return (
    <div className="analytics">
      <p className="findability-intro">{T.intro}</p>
      <form className="analytics-span" method="get" action={`/console/events/${eventId}/analytics`}>
        <label>
          {T.from}
          <input type="date" name="from" defaultValue={from} />
        </label>
        <label>
          {T.to}
          <input type="date" name="to" defaultValue={to} />
        </label>
        <button type="submit" className="button button-outline">
          {T.show}
        </button>
        {stats ? (
          <a className="button" href={csv} download>
            {T.csv}
          </a>
        ) : null}
      </form>
      {error ? (
        <p className="console-error" role="alert">
          {error}
        </p>
      ) : null}
      {stats ? (
        <>
          <h2 className="console-section-title">{T.span(stats.from, stats.to)}</h2>
          <ul className="analytics-totals">
            {STAT_KINDS.map((kind) => (
              <li key={kind}>
                <span className="findability-count">{count(stats.totals[kind])}</span>
                <span>{T.kinds[kind]}</span>
              </li>
            ))}
          </ul>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
          <div className="findability-table-wrap" role="region" aria-label={T.perDay} tabIndex={0}>
            <table className="findability-table analytics-table">
              <thead>
                <tr>
                  <th scope="col">{T.day}</th>
                  {STAT_KINDS.map((kind) => (
                    <th key={kind} scope="col">
                      {T.kinds[kind]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...stats.days].reverse().map((day) => (
                  <tr key={day.day}>
                    <th scope="row">
                      <time dateTime={day.day}>{day.day}</time>
                    </th>
                    {STAT_KINDS.map((kind) => (
                      <td key={kind}>{count(day[kind])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{T.total}</th>
                  {STAT_KINDS.map((kind) => (
                    <td key={kind}>{count(stats.totals[kind])}</td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
