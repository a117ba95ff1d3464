import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { ANALYTICS_TEXT as T } from './analytics-strings';

/** The drawing's own units: the SVG scales to its card's width (viewBox), its text with it. */
const WIDTH = 480;
const HEIGHT = 180;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 40 };

const count = (n: number) => n.toLocaleString('en-GB');
/** "6 Apr" from "2026-04-06" (UTC days: no time zone can move it). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

export interface DailySeries {
  /** What is counted: "Visits", "Searches". */
  label: string;
  /** A per-kind breakdown said under the total ("830 by bib · 12 by selfie"), if any. */
  detail?: string;
  days: Array<{ day: string; value: number }>;
  /** The chart's colour class (`analytics-chart-visits`…): colours live in the stylesheet. */
  tone: string;
}

/**
 * One count per day as a bar chart: server-rendered SVG (visx shapes: attributes only, no style
 * attribute and no script), so it shows without JavaScript and under a strict CSP. Its words are a
 * title and a description that a screen reader reads instead of the bars.
 */
export function DailyChart({ series, id }: { series: DailySeries; id: string }) {
  const { days, label } = series;
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const peak = days.reduce((best, d) => (d.value > best.value ? d : best), days[0]!);
  const max = Math.max(1, peak?.value ?? 0);
  const innerW = WIDTH - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: days.map((d) => d.day),
    range: [0, innerW],
    padding: days.length > 60 ? 0.05 : 0.2,
  });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerH, 0], nice: true });
  const ticks = y.ticks(Math.min(4, max)).filter((t) => Number.isInteger(t));
  // Three dates under the bars at most: the first, the middle and the last.
  const labelled = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])].map(
    (i) => days[i]!,
  );
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <figure className={`analytics-chart ${series.tone}`} data-testid={id}>
      <figcaption className="analytics-chart-caption">
        <span className="analytics-chart-label">{label}</span>
        <span className="analytics-chart-total">{count(total)}</span>
        {series.detail ? <span className="analytics-chart-detail">{series.detail}</span> : null}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="analytics-chart-svg"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{T.chartTitle(label)}</title>
        <desc id={descId}>
          {total === 0
            ? T.chartNone(label)
            : T.chartSummary(count(total), shortDay(peak!.day), count(peak!.value))}
        </desc>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {ticks.map((t) => (
            <g key={t} className="analytics-chart-grid">
              <line x1={0} x2={innerW} y1={y(t)} y2={y(t)} />
              <text x={-6} y={y(t)} dy="0.32em" textAnchor="end">
                {count(t)}
              </text>
            </g>
          ))}
          {days.map((d) => {
            const top = y(d.value);
            return (
              <Bar
                key={d.day}
                className="analytics-chart-bar"
                x={x(d.day) ?? 0}
                y={top}
                width={Math.max(1, x.bandwidth())}
                height={Math.max(0, innerH - top)}
              >
                <title>{`${shortDay(d.day)}: ${count(d.value)}`}</title>
              </Bar>
            );
          })}
          <line className="analytics-chart-axis" x1={0} x2={innerW} y1={innerH} y2={innerH} />
          {labelled.map((d, i) => (
            <text
              key={d.day}
              className="analytics-chart-day"
              x={(x(d.day) ?? 0) + x.bandwidth() / 2}
              y={innerH + 18}
              textAnchor={
                labelled.length > 1 && i === 0
                  ? 'start'
                  : i === labelled.length - 1 && labelled.length > 1
                    ? 'end'
                    : 'middle'
              }
            >
              {shortDay(d.day)}
            </text>
          ))}
        </Group>
      </svg>
    </figure>
  );
}
