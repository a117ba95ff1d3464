import type { RaceResult } from '@eventsite/contract';
import { GALLERY_TEXT } from './strings';

export function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n.toLocaleString('en-US')}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

/**
 * A participant's race result beside their photos (show_timing_data, bib search). `showName`
 * off: the page's own heading already names them (the runner's page).
 */
export function ResultCard({
  result,
  certificateHref,
  runnerHref = null,
  showName = true,
}: {
  result: RaceResult;
  certificateHref: string | null;
  /** The runner's page, where the card is not on it (the gallery's bib search). */
  runnerHref?: string | null;
  showName?: boolean;
}) {
  const splits = Object.entries(result.splits);
  const stats: [string, string][] = [];
  if (result.net_time) stats.push(['Net time', result.net_time]);
  if (result.gun_time) stats.push(['Gun time', result.gun_time]);
  if (result.overall_rank) stats.push(['Overall', ordinal(result.overall_rank)]);
  if (result.category_rank) stats.push([result.category ? `In ${result.category}` : 'Category', ordinal(result.category_rank)]);
  return (
    <section className="result-card" aria-label={`Race result of ${result.name}`}>
      <div className="result-who">
        <p className="result-bib">
          Bib {result.bib}
          {result.category ? <span className="result-category">{` · ${result.category}`}</span> : null}
        </p>
        {showName ? <h2 className="result-name">{result.name}</h2> : null}
        {result.status ? <p className="result-status">{result.status}</p> : null}
      </div>
      {stats.length ? (
        <dl className="result-stats">
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {certificateHref || runnerHref ? (
        <p className="result-links">
          {runnerHref ? (
            <a className="button button-outline result-runner" href={runnerHref}>
              {GALLERY_TEXT.runnerPage}
            </a>
          ) : null}
          {certificateHref ? (
            <a className="button result-certificate" href={certificateHref}>
              {GALLERY_TEXT.certificate}
            </a>
          ) : null}
        </p>
      ) : null}
      {splits.length ? (
        <dl className="result-splits" aria-label="Splits">
          {splits.map(([label, t]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{t}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
