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
  it('shows the totals, then a line per day newest first, with the totals again at the foot', () => {
    render(<EventAnalytics eventId={9} stats={stats} span={{}} />);
    const totals = screen.getByText('Visits', {
      selector: '.analytics-totals span',
    }).parentElement!;
    expect(totals.textContent).toBe('1,240Visits');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Day',
      '2026-04-07',
      '2026-04-06',
      '2026-04-05',
      'Total',
    ]);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,200', '830', '0', '0', '0', '0', '12', '0']);
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
