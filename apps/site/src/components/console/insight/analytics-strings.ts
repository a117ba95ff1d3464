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
  charts: 'Per day',
  series: {
    visits: 'Visits',
    searches: 'Searches',
    downloads: 'Downloads',
    shares: 'Shares',
  },
  visitDetail: (views: string) => `${views} photos opened`,
  searchDetail: (bib: string, name: string, selfie: string) =>
    `${bib} by bib · ${name} by name · ${selfie} by selfie`,
  downloadDetail: (photos: string, zips: string) => `${photos} photos · ${zips} zips`,
  chartTitle: (label: string) => `${label} per day`,
  chartNone: (label: string) => `No ${label.toLowerCase()} in this span.`,
  chartSummary: (total: string, day: string, most: string) =>
    `${total} in all; the most on ${day}: ${most}.`,
  empty: 'Nothing counted yet in this span',
  emptyHint:
    'Visits, searches, downloads and shares appear here as visitors open the event’s gallery and use it, added up as they happen. Publish the event and share its address to get the first ones, or choose an earlier span.',
  table: 'The counts per day, as a table',
} as const;
