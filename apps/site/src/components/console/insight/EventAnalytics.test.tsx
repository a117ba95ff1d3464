// @vitest-environment jsdom
import { type EventStats, STAT_KINDS } from '@eventsite/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventAnalytics } from './EventAnalytics';

const zero = Object.fromEntries(STAT_KINDS.map((k) => [k, 0])) as Record<
  (typeof STAT_KINDS)[number],
  number
>;
const stats: EventStats = {
  from: '2026-04-05',
  to: '2026-04-07',
  days: [
    { day: '2026-04-05', ...zero },
    { day: '2026-04-06', ...zero, visit: 1200, search_bib: 830, zip: 12 },
    { day: '2026-04-07', ...zero, visit: 40, share: 3 },
  ],
  totals: { ...zero, visit: 1240, search_bib: 830, zip: 12, share: 3 },
};

describe('the analytics screen', () => {
  it('draws visits, searches, downloads and shares per day, each with its total', () => {
    render(<EventAnalytics eventId={9} stats={stats} span={{}} />);
    const charts = screen.getAllByRole('figure');
    expect(charts.map((c) => c.querySelector('figcaption')?.textContent)).toEqual([
      'Visits1,2400 photos opened',
      'Searches830830 by bib · 0 by name · 0 by selfie',
      'Downloads120 photos · 12 zips',
      'Shares3',
    ]);
    // One bar per day, as tall as its count: the day of 1,200 visits stands 30 times the day of 40.
    const visits = within(charts[0]!).getByRole('img', { name: /Visits per day/ });
    const heights = [...visits.querySelectorAll('rect')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(heights).toHaveLength(3);
    expect(heights[0]).toBe(0);
    expect(heights[1]! / heights[2]!).toBeCloseTo(30, 0);
    // What a screen reader hears instead of the bars.
    expect(visits.querySelector('desc')?.textContent).toBe(
      '1,240 in all; the most on 6 Apr: 1,200.',
    );
    expect(within(charts[3]!).getByText('7 Apr')).toBeTruthy();
    // No style attribute anywhere: the charts keep to a strict Content-Security-Policy.
    expect(document.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('keeps the exact counts per day in a folded table, newest first, totals at the foot', () => {
    render(<EventAnalytics eventId={9} stats={stats} span={{}} />);
    expect(screen.getByText('The counts per day, as a table').closest('details')).toBeTruthy();
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Day',
      '2026-04-07',
      '2026-04-06',
      '2026-04-05',
      'Total',
    ]);
    expect(
      within(rows[2]!)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    ).toEqual(['1,200', '830', '0', '0', '0', '0', '12', '0']);
  });

  it('says plainly that nothing was counted yet, instead of charts and a table of zeros', () => {
    const empty: EventStats = {
      ...stats,
      days: stats.days.map((d) => ({ ...zero, day: d.day })),
      totals: { ...zero },
    };
    render(<EventAnalytics eventId={9} stats={empty} span={{}} />);
    expect(screen.getByRole('heading', { name: 'Nothing counted yet in this span' })).toBeTruthy();
    expect(screen.getByText(/appear here as visitors open the event’s gallery/)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByRole('table', { hidden: true })).toBeNull();
  });

  it('downloads the same span as CSV, and keeps the span in the form', () => {
    render(<EventAnalytics eventId={9} stats={stats} span={{}} />);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/console/events/9/analytics/csv?from=2026-04-05&to=2026-04-07',
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-04-05');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-04-07');
  });

  it('says why a span was refused, keeps what was typed, and offers no CSV', () => {
    render(
      <EventAnalytics
        eventId={9}
        stats={null}
        span={{ from: '2026-05-01', to: '2026-04-01' }}
        error="from: must be on or before to"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('from: must be on or before to');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-05-01');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
