// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { U, envelope } from '@/test/fixtures';
import { PhotoViewer } from './PhotoViewer';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const photos = [{ uuid: U(1), width: 1600, height: 1067, placeholder: null, captured_at: null }];
const frame = {
  id: 7,
  name: 'Harbour Bank',
  url: 'http://api.test/assets/frames/42/0123456789abcdef.png',
  width: 1080,
  height: 1350,
  window: { x: 90, y: 90, width: 900, height: 1170 },
};

function viewer() {
  return render(
    <PhotoViewer
      photos={photos}
      total={1}
      index={0}
      open
      apiBase="http://api.test"
      eventName="City Run"
      shareUrl={(u) => `http://site.test/?photo=${u}`}
      onView={() => undefined}
      onClose={() => undefined}
      eventId={42}
    />,
  );
}

describe('the viewer’s download with sponsor frames', () => {
  it('offers the photo as taken and in each of the event’s frames', async () => {
    fetchMock.mockResolvedValue(envelope({ frames: [frame] }));
    viewer();
    const button = await screen.findByRole('button', { name: 'Download full resolution' });
    await waitFor(() => expect(button.getAttribute('aria-haspopup')).toBe('menu'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      'http://api.test/api/v1/client/events/42/frames',
    );
    act(() => button.click());
    const menu = await screen.findByRole('menu', { name: 'Download this photo' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Photo as taken', 'With the Harbour Bank frame']);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // A choice saves the framed photo (an attachment from the API) and closes the menu.
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    act(() => within(menu).getByRole('menuitem', { name: 'With the Harbour Bank frame' }).click());
    expect(clicked).toEqual([`http://api.test/events/photos/${U(1)}/frames/7`]);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('without frames (none, or a provider without the route) downloads at once, no menu', async () => {
    fetchMock.mockResolvedValue(envelope(null, 404));
    viewer();
    const button = await screen.findByRole('button', { name: 'Download full resolution' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    act(() => button.click());
    expect(clicked).toEqual([`http://api.test/events/photos/${U(1)}?download=1`]);
    expect(button.getAttribute('aria-haspopup')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
