// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG, type FeatureFlags } from '@eventsite/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import { RunnerLinks } from './RunnerLinks';
import { RunnerPhotos } from './RunnerPhotos';
import { ShareCard } from './ShareCard';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const flags = (over: Partial<FeatureFlags> = {}): FeatureFlags => ({ ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag, ...over });
const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ uuid: U(i + 1), width: 1600, height: 1067, placeholder: null, captured_at: null }));

describe('the gallery’s links to runner pages', () => {
  it('offers nothing for a bib search: its results link the runner page once the bib is known', () => {
    const { container } = render(<RunnerLinks eventId={42} eventSlug="city-run-42" apiBase="http://api.test" search={{ kind: 'bib', value: 'A12' }} flags={flags({ show_timing_data: true })} />);
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the runners a name search matches, where the event shows results', async () => {
    fetchMock.mockResolvedValue(envelope({ runners: [{ bib: '12', name: 'José García', category: 'M40', net_time: '0:45:02' }], total: 1 }));
    render(<RunnerLinks eventId={42} eventSlug="city-run-42" apiBase="http://api.test" search={{ kind: 'name', value: 'garcia' }} flags={flags({ show_timing_data: true })} />);
    const link = await screen.findByRole('link', { name: 'José García, bib 12' });
    expect(link.getAttribute('href')).toBe('/events/city-run-42/runners/12');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://api.test/api/v1/client/events/42/results?name=garcia');
  });

  it('says when more runners match than it lists', async () => {
    fetchMock.mockResolvedValue(envelope({ runners: [{ bib: '12', name: 'Ana Ferreira', category: null, net_time: null }], total: 14 }));
    render(<RunnerLinks eventId={42} eventSlug="city-run-42" apiBase="http://api.test" search={{ kind: 'name', value: 'ferreira' }} flags={flags({ show_timing_data: true })} />);
    await screen.findByText('13 more runners match: type more of the name to find yours.');
  });

  it('offers nothing where the provider has no runner search (404) or the event no results', async () => {
    fetchMock.mockResolvedValue(envelope(null, 404));
    const { container, rerender } = render(<RunnerLinks eventId={42} eventSlug="s-42" apiBase="http://api.test" search={{ kind: 'name', value: 'garcia' }} flags={flags({ show_timing_data: true })} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
    rerender(<RunnerLinks eventId={42} eventSlug="s-42" apiBase="http://api.test" search={{ kind: 'name', value: 'ana' }} flags={flags({ show_timing_data: false })} />);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('');
  });
});

describe("the runner's photos", () => {
  it('zips every photo of the bib with one button', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([80, 75, 5, 6]), { headers: { 'content-type': 'application/zip', 'content-length': '4', 'content-disposition': 'attachment; filename="mine.zip"' } }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    render(<RunnerPhotos eventId={42} eventSlug="city-run-42" eventName="City Run" apiBase="http://api.test" bib="1234" initialPage={{ photos: photos(2), total: 2, next_cursor: null }} canDownload />);
    expect(screen.getAllByRole('button', { name: /^Your photo \d of 2$/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Download all mine (2 photos)' }));
    await screen.findByText('Download complete');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/v1/client/events/42/downloads');
    expect(JSON.parse(String(init.body))).toEqual({ photo_ids: [U(1), U(2)] });
  });
});

describe('the share image', () => {
  it('draws up to four photos, the name, time and bib', () => {
    const html = renderToStaticMarkup(<ShareCard eventName="City Run" who="Ana Silva" bib="1234" time="1:41:07" organiser="City Runs" theme="#2E6F40" photos={['data:a', 'data:b', 'data:c', 'data:d']} />);
    expect(html.match(/<img/g)).toHaveLength(4);
    for (const text of ['Ana Silva', '1:41:07', 'Bib 1234', 'City Run', 'City Runs']) expect(html).toContain(text);
    const bare = renderToStaticMarkup(<ShareCard eventName="City Run" who="Bib 9" bib="9" time={null} organiser="City Runs" theme="#2E6F40" photos={[]} />);
    expect(bare).not.toContain('<img');
    // Without a name the heading says 'Bib 9': once, not twice.
    expect(bare.match(/Bib 9/g)).toHaveLength(1);
  });
});
