// @vitest-environment jsdom
import type { Findability } from '@eventsite/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FindabilityDashboard, sharePercent } from './FindabilityDashboard';

const data: Findability = {
  runners: { registered: 5, with_photos: 3, share: 0.6 },
  bibs_without_photos: [
    { bib: '102', name: 'Ben Brook' },
    { bib: '105', name: 'Eve <b>Egan</b>' },
  ],
  photos: { total: 8, without_bib_or_face: 3, low_confidence: 1 },
  missed_searches: [
    { kind: 'bib', term: 'F777', count: 3, last_at: '2026-04-06T10:15:00.000Z' },
    { kind: 'name', term: 'zoe quinn', count: 2, last_at: '2026-04-06T09:00:00.000Z' },
  ],
};

describe('sharePercent', () => {
  it('rounds down, so only everyone reads 100 %, and keeps exact shares whole', () => {
    expect(sharePercent(0.996)).toBe(99);
    expect(sharePercent(1)).toBe(100);
    expect(sharePercent(0.29)).toBe(29);
    expect(sharePercent(0.6)).toBe(60);
    expect(sharePercent(0)).toBe(0);
  });
});

describe('the findability dashboard', () => {
  it('shows the share of runners who can find a photo, with what it counts', () => {
    render(<FindabilityDashboard eventId={7} data={data} />);
    expect(
      screen.getByRole('heading', { name: '60% of registered runners can find their photos' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: '3 of 5 runners in the results' }).getAttribute('href'),
    ).toBe('/console/events/7/results');
    expect(screen.getByRole('meter').getAttribute('value')).toBe('0.6');
  });

  it('says the figures are not final while photos are still being read, and not otherwise', () => {
    const { unmount } = render(
      <FindabilityDashboard eventId={7} data={{ ...data, photos: { ...data.photos, still_reading: 490 } }} />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Still indexing (490 left): 490 photos are still being read. They are not counted as unfindable, and the share of runners will grow as they are read.',
    );
    unmount();
    render(<FindabilityDashboard eventId={7} data={{ ...data, photos: { ...data.photos, still_reading: 0 } }} />);
    expect(screen.queryByText(/Still indexing/)).toBeNull();
  });

  it('lists the runners with no photo, as text, and links each problem to the screen that fixes it', () => {
    render(<FindabilityDashboard eventId={7} data={data} />);
    const table = screen.getByRole('heading', { name: 'Runners with no photo (2)' }).parentElement!
      .nextElementSibling as HTMLElement;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['102Ben Brook', '105Eve <b>Egan</b>']);
    const tagLinks = screen.getAllByRole('link', { name: 'Tag bibs by hand' });
    expect(tagLinks.length).toBeGreaterThan(0);
    for (const link of tagLinks) expect(link.getAttribute('href')).toBe('/console/events/7/bibs');
    expect(screen.getByRole('link', { name: 'Review them' }).getAttribute('href')).toBe(
      '/console/events/7/bibs',
    );
  });

  it('counts the missed searches, a missed bib leading to bibs by hand and a missed name to the results', () => {
    render(<FindabilityDashboard eventId={7} data={data} />);
    expect(screen.getByRole('link', { name: 'F777' }).getAttribute('href')).toBe(
      '/console/events/7/bibs',
    );
    expect(screen.getByRole('link', { name: 'zoe quinn' }).getAttribute('href')).toBe(
      '/console/events/7/results',
    );
    const row = screen.getByRole('link', { name: 'F777' }).closest('tr')!;
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('asks for the results when there are none, and says when nothing was missed', () => {
    render(
      <FindabilityDashboard
        eventId={7}
        data={{
          runners: { registered: 0, with_photos: 0, share: null },
          bibs_without_photos: [],
          photos: { total: 2, without_bib_or_face: 2, low_confidence: 0 },
          missed_searches: [],
        }}
      />,
    );
    expect(screen.getByText(/No results yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import results' }).getAttribute('href')).toBe(
      '/console/events/7/results',
    );
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Runners with no photo/ })).toBeNull();
    expect(screen.getByText('No search has come back empty yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Review them' })).toBeNull();
  });
});
