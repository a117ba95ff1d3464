// @vitest-environment jsdom
import { DEFAULT_EVENT_PHOTOS_CONFIG, type FeatureFlags } from '@eventsite/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import Gallery, { type GalleryProps } from './Gallery';
import { notMeKey } from './notMe';
import { SELFIE_TEXT } from './selfieText';
import type { SelfieEngine } from './useSelfieSearch';

vi.mock('next/navigation', async () => await import('@/test/navigation'));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  window.history.replaceState(null, '', '/events/city-run-42/photos');
});
afterEach(() => window.sessionStorage.clear());

const unit = () => Array.from({ length: 1024 }, () => 1 / 32);
const item = (n: number, tier: 'match' | 'maybe', bib?: string | null) => ({
  uuid: U(n),
  width: 1600,
  height: 1067,
  placeholder: null,
  captured_at: null,
  similarity: tier === 'match' ? 0.8 : 0.55,
  tier,
  ...(bib === undefined ? {} : { bib }),
});
const flags = (over: Partial<FeatureFlags> = {}): FeatureFlags => ({
  ...DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag,
  selfie_search: true,
  bib_search: true,
  ...over,
});
const engine: SelfieEngine = {
  browserCanDescribe: () => true,
  loadFaceModel: async () => undefined,
  describeSelfie: async () => ({
    descriptor: unit(),
    faces: 1,
    box: { x: 1, y: 2, width: 100, height: 120 },
  }),
};
const props = (over: Partial<GalleryProps> = {}): GalleryProps => ({
  eventId: 42,
  eventSlug: 'city-run-42',
  eventName: 'City Run',
  apiBase: 'http://api.test',
  flags: flags(),
  bibPlaceholder: 'Your bib',
  loadSelfieEngine: async () => engine,
  ...over,
});
const tileLabels = (grid: Element) =>
  [...grid.querySelectorAll('.jgrid-tile')].map((b) => b.getAttribute('aria-label'));

/** The selfie panel is loaded when its option is first picked: wait until it is drawn. */
const selfieShown = () =>
  waitFor(() => {
    if (!document.querySelector('.selfie-panel:not(:empty)')) throw new Error('no selfie panel yet');
  });

async function pickSelfie() {
  fireEvent.click(screen.getByRole('radio', { name: 'Selfie' }));
  await selfieShown();
  const agree = screen.queryByRole('button', { name: SELFIE_TEXT.agree });
  if (agree) fireEvent.click(agree);
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type=file]:not([capture])');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  await act(async () => {
    fireEvent.change(input, {
      target: {
        files: [new File([new Uint8Array([0xff, 0xd8])], 'me.jpg', { type: 'image/jpeg' })],
      },
    });
  });
}

describe('Gallery: "Not me" on a selfie’s photos', () => {
  it('takes a photo out at once, with Undo; it stays out after a reload of the page', async () => {
    fetchMock.mockImplementation(async () =>
      envelope({
        photos: [item(1, 'match'), item(2, 'match'), item(3, 'maybe')],
        total: 3,
        threshold: 0.6,
      }),
    );
    render(<Gallery {...props()} />);
    await pickSelfie();
    await screen.findByText('2 photos of you');

    // A real button per photo, named after the photo it removes.
    fireEvent.click(await screen.findByRole('button', { name: 'Not me: remove Photo 1 of 2' }));
    await screen.findByText('1 photo of you');
    expect(tileLabels(document.querySelector('.jgrid')!)).toEqual(['Photo 1 of 1']);
    expect(document.querySelector('.jgrid img')!.getAttribute('src')).toContain(U(2));
    expect(JSON.parse(window.sessionStorage.getItem(notMeKey(42))!)).toEqual([U(1)]);
    // The notice says so, and Undo has the focus: a keyboard goes on from there.
    const undo = screen.getByRole('button', { name: 'Undo: bring the photo back' });
    expect(document.activeElement).toBe(undo);
    expect(undo.closest('[role=status]')!.textContent).toContain('Photo removed from your photos.');
    fireEvent.click(undo);
    await screen.findByText('2 photos of you');
    expect(window.sessionStorage.getItem(notMeKey(42))).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo: bring the photo back' })).toBeNull();

    // "Maybe you" photos too.
    const maybe = screen.getByRole('region', { name: 'Maybe you' });
    fireEvent.click(
      within(maybe).getByRole('button', { name: 'Not me: remove Maybe you: photo 1 of 1' }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Maybe you' })).toBeNull());

    // A reload (the page again, the same search): still out.
    cleanup();
    render(<Gallery {...props()} />);
    await pickSelfie();
    await screen.findByText('2 photos of you');
    expect(screen.queryByRole('region', { name: 'Maybe you' })).toBeNull();
    // At another event, nothing is removed.
    expect(window.sessionStorage.getItem(notMeKey(7))).toBeNull();
  });

  it('"This is me": the runner page of the bib read on the matched face, per photo and for the set', async () => {
    fetchMock.mockImplementation(async () =>
      envelope({
        photos: [
          item(1, 'match', '77'),
          item(2, 'match', null),
          item(3, 'match', '77'),
          item(4, 'maybe', '12'),
        ],
        total: 4,
        threshold: 0.6,
      }),
    );
    render(<Gallery {...props()} />);
    await pickSelfie();
    await screen.findByText('3 photos of you');
    const one = screen.getByRole('link', {
      name: 'This is me: open the runner page of bib 77, worn in Photo 1 of 3',
    });
    expect(one.getAttribute('href')).toBe('/events/city-run-42/runners/77');
    expect(
      screen
        .getByRole('link', {
          name: 'This is me: open the runner page of bib 12, worn in Maybe you: photo 1 of 1',
        })
        .getAttribute('href'),
    ).toBe('/events/city-run-42/runners/12');
    // No bib read on photo 2: no "This is me" on it.
    expect(screen.queryByRole('link', { name: /worn in Photo 2 of 3/ })).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'This is me: open the runner page of bib 77' })
        .getAttribute('href'),
    ).toBe('/events/city-run-42/runners/77');
  });

  it('no bib on any matched face (or a provider without bibs): no "This is me"', async () => {
    fetchMock.mockImplementation(async () =>
      envelope({ photos: [item(1, 'match'), item(2, 'match', null)], total: 2, threshold: 0.6 }),
    );
    render(<Gallery {...props()} />);
    await pickSelfie();
    await screen.findByText('2 photos of you');
    expect(screen.queryByRole('link', { name: /This is me/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Not me/ })).toHaveLength(2);
  });
});

describe('Gallery: "Not me" in "More photos of you"', () => {
  it('takes the photo out of the section, per event, for the visit', async () => {
    window.history.replaceState(null, '', '/events/city-run-42/photos?bib=1234');
    fetchMock.mockImplementation(async (url: string) => {
      const u = new URL(url);
      if (u.pathname.endsWith('/more-of-bib'))
        return envelope({
          photos: [item(20, 'match', '999'), item(21, 'match')],
          total: 2,
          threshold: 0.6,
        });
      return envelope({
        photos: [{ uuid: U(10), width: 1600, height: 1067, placeholder: null, captured_at: null }],
        total: 1,
        next_cursor: null,
      });
    });
    render(<Gallery {...props()} />);
    const more = await screen.findByRole('region', { name: 'More photos of you' });
    // The bib's own photos have no "Not me": the bib was read on them.
    expect(
      within(document.querySelector('.jgrid')!.parentElement!).queryByRole('button', {
        name: /^Not me/,
      }),
    ).toBeNull();
    // After a bib search the runner page is linked above: no "This is me" on these.
    expect(within(more).queryByRole('link')).toBeNull();
    fireEvent.click(
      within(more).getByRole('button', { name: 'Not me: remove More of you: photo 2 of 2' }),
    );
    await waitFor(() => expect(tileLabels(more)).toEqual(['More of you: photo 1 of 1']));
    expect(more.querySelector('img')!.getAttribute('src')).toContain(U(20));
    fireEvent.click(
      screen.getByRole('button', { name: 'Not me: remove More of you: photo 1 of 1' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'More photos of you' })).toBeNull(),
    );
    expect(JSON.parse(window.sessionStorage.getItem(notMeKey(42))!)).toEqual([U(21), U(20)]);
    // Undo brings back the last one.
    fireEvent.click(screen.getByRole('button', { name: 'Undo: bring the photo back' }));
    const back = await screen.findByRole('region', { name: 'More photos of you' });
    expect(tileLabels(back)).toEqual(['More of you: photo 1 of 1']);
    expect(back.querySelector('img')!.getAttribute('src')).toContain(U(20));
  });
});
