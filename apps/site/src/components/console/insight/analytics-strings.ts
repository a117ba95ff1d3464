import type { StatKind } from '@eventsite/contract';

/** The analytics screen's words. */
export const ANALYTICS_TEXT = {
  title: 'Analytics',
  intro:
    'What visitors did at this event, per day (UTC). Counted on our servers and added up as they happen: no tracker, no cookie, nothing about who the visitors are.',
  failed: 'The analytics of this event could not be loaded. Reload the page to try again.',
  from: 'From',
  to: 'To',
  show: 'Show',
  csv: 'Download CSV',
  day: 'Day',
  perDay: 'Counts per day',
  total: 'Total',
  kinds: {
    visit: 'Visits',
    search_bib: 'Bib searches',
    search_name: 'Name searches',
    search_selfie: 'Selfie searches',
    photo_view: 'Photos opened',
    download: 'Downloads',
    zip: 'Zips',
    share: 'Shares',
  } satisfies Record<StatKind, string>,
  span: (from: string, to: string) => `${from} to ${to}`,
} as const;
