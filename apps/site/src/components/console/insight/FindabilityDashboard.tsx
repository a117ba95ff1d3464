import type { Findability } from '@eventsite/contract';
import { eventScreenHref } from '../ConsoleFrame';
import { FINDABILITY_TEXT as T } from './findability-strings';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** The share as a whole percent, rounded down so 99.6 % never reads as everyone. */
export function sharePercent(share: number): number {
  // 0.29 * 100 is 28.999…: the epsilon keeps exact shares whole.
  return Math.min(100, Math.max(0, Math.floor(share * 100 + 1e-9)));
}

/**
 * An event's findability for its organiser: the share of registered runners who can find a
 * photo, who cannot, the photos nobody finds, readings to check, and the searches that found
 * nothing. Each number links to the screen that fixes it.
 */
export function FindabilityDashboard({ eventId, data }: { eventId: number; data: Findability }) {
  const { runners, photos } = data;
  const bibs = eventScreenHref(eventId, 'bibs');
  const results = eventScreenHref(eventId, 'results');
  const missing = runners.registered - runners.with_photos;
  return (
    <div className="findability">
      <p className="findability-intro">{T.intro}</p>
      {(photos.still_reading ?? 0) > 0 ? (
        <p className="findability-reading" role="status">
          {T.stillReading(photos.still_reading ?? 0)}
        </p>
      ) : null}
      <section className="findability-share" aria-labelledby="findability-share-title">
        {runners.share === null ? (
          <>
            <h2 id="findability-share-title" className="visually-hidden">
              {T.shareLabel}
            </h2>
            <p>{T.noResults}</p>
            <p>
              <a className="button" href={results}>
                {T.importResults}
              </a>
            </p>
          </>
        ) : (
          <>
            <h2 id="findability-share-title" className="findability-figure">
              <span className="findability-percent">{T.share(sharePercent(runners.share))}</span>{' '}
              <span className="findability-figure-label">{T.shareLabel}</span>
            </h2>
            <meter
              className="findability-meter"
              min={0}
              max={1}
              low={0.8}
              high={0.95}
              optimum={1}
              value={runners.share}
              aria-label={T.shareLabel}
            />
            <p className="findability-of">
              <a className="text-link" href={results}>
                {T.shareOf(runners.with_photos, runners.registered)}
              </a>
            </p>
          </>
        )}
      </section>

      <ul className="findability-counts">
        <li>
          <span className="findability-count">{photos.total.toLocaleString('en-GB')}</span>
          <span>{T.totalPhotos}</span>
          <a className="text-link" href={eventScreenHref(eventId, 'photos')}>
            {T.upload}
          </a>
        </li>
        <li>
          <span className="findability-count">
            {photos.without_bib_or_face.toLocaleString('en-GB')}
          </span>
          <span>{T.unfindable}</span>
          <span className="console-hint">{T.unfindableHint}</span>
          {photos.without_bib_or_face > 0 ? (
            <a className="text-link" href={bibs}>
              {T.tagByHand}
            </a>
          ) : null}
        </li>
        <li>
          <span className="findability-count">{photos.low_confidence.toLocaleString('en-GB')}</span>
          <span>{T.lowConfidence}</span>
          <span className="console-hint">{T.lowConfidenceHint}</span>
          {photos.low_confidence > 0 ? (
            <a className="text-link" href={bibs}>
              {T.review}
            </a>
          ) : null}
        </li>
      </ul>

      {runners.registered > 0 ? (
        <section aria-labelledby="findability-missing-title">
          <div className="console-section-bar">
            <h2 id="findability-missing-title" className="console-section-title">
              {T.withoutPhotos} ({missing.toLocaleString('en-GB')})
            </h2>
            {missing > 0 ? (
              <a className="button button-outline" href={bibs}>
                {T.tagByHand}
              </a>
            ) : null}
          </div>
          {missing === 0 ? (
            <p>{T.withoutPhotosNone}</p>
          ) : (
            <>
              {data.bibs_without_photos.length < missing ? (
                <p className="console-hint">
                  {T.withoutPhotosMore(data.bibs_without_photos.length, missing)}
                </p>
              ) : null}
              <div className="findability-table-wrap">
                <table className="findability-table">
                  <thead>
                    <tr>
                      <th scope="col">{T.bib}</th>
                      <th scope="col">{T.name}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.bibs_without_photos.map((r) => (
                      <tr key={r.bib}>
                        <td>{r.bib}</td>
                        <td>{r.name}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="findability-missed-title">
        <h2 id="findability-missed-title" className="console-section-title">
          {T.missed}
        </h2>
        <p className="console-hint">{T.missedHint}</p>
        {data.missed_searches.length === 0 ? (
          <p>{T.missedNone}</p>
        ) : (
          <div className="findability-table-wrap">
            <table className="findability-table">
              <thead>
                <tr>
                  <th scope="col">{T.kind}</th>
                  <th scope="col">{T.term}</th>
                  <th scope="col">{T.count}</th>
                  <th scope="col">{T.last}</th>
                </tr>
              </thead>
              <tbody>
                {data.missed_searches.map((m) => (
                  <tr key={`${m.kind}:${m.term}`}>
                    <td>{T.kinds[m.kind]}</td>
                    <td>
                      <a className="text-link" href={m.kind === 'bib' ? bibs : results}>
                        {m.term}
                      </a>
                    </td>
                    <td>{m.count.toLocaleString('en-GB')}</td>
                    <td>
                      <time dateTime={m.last_at}>{DATE_TIME.format(new Date(m.last_at))}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
