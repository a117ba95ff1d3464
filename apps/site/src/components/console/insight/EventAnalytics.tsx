import { type EventStats, STAT_KINDS, type StatKind } from '@eventsite/contract';
import { ANALYTICS_TEXT as T } from './analytics-strings';
import { DailyChart, type DailySeries } from './DailyChart';

/** Whole numbers as the organiser reads them. */
const count = (n: number) => n.toLocaleString('en-GB');

type Day = EventStats['days'][number];
const sum = (day: Day, kinds: readonly StatKind[]) => kinds.reduce((n, k) => n + day[k], 0);

/** The four charts: visits, searches (bib, name, selfie), downloads (photos and zips), shares. */
export function chartSeries(stats: EventStats): DailySeries[] {
  const per = (kinds: readonly StatKind[]) =>
    stats.days.map((d) => ({ day: d.day, value: sum(d, kinds) }));
  const t = stats.totals;
  return [
    {
      label: T.series.visits,
      detail: T.visitDetail(count(t.photo_view)),
      days: per(['visit']),
      tone: 'analytics-chart-visits',
    },
    {
      label: T.series.searches,
      detail: T.searchDetail(count(t.search_bib), count(t.search_name), count(t.search_selfie)),
      days: per(['search_bib', 'search_name', 'search_selfie']),
      tone: 'analytics-chart-searches',
    },
    {
      label: T.series.downloads,
      detail: T.downloadDetail(count(t.download), count(t.zip)),
      days: per(['download', 'zip']),
      tone: 'analytics-chart-downloads',
    },
    { label: T.series.shares, days: per(['share']), tone: 'analytics-chart-shares' },
  ];
}

/**
 * An event's visitor analytics: visits, searches, downloads and shares per day as charts, or a
 * plain sentence when nothing was counted; the exact counts per day in a table below (folded).
 * The span is a plain GET form, and the same span downloads as CSV.
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
      {stats && STAT_KINDS.every((kind) => stats.totals[kind] === 0) ? (
        <section className="analytics-empty" aria-labelledby="analytics-empty">
          <h2 id="analytics-empty" className="console-section-title">
            {T.empty}
          </h2>
          <p>{T.span(stats.from, stats.to)}</p>
          <p className="console-hint">{T.emptyHint}</p>
        </section>
      ) : stats ? (
        <>
          <h2 className="console-section-title">{T.span(stats.from, stats.to)}</h2>
          <div className="analytics-charts">
            {chartSeries(stats).map((series, i) => (
              <DailyChart key={series.label} series={series} id={`analytics-chart-${i}`} />
            ))}
          </div>
          <details className="analytics-details">
            <summary>{T.table}</summary>
            {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
            <div
              className="findability-table-wrap"
              role="region"
              aria-label={T.perDay}
              tabIndex={0}
            >
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
          </details>
        </>
      ) : null}
    </div>
  );
}
