// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/browser';
import { U, envelope } from '@/test/fixtures';
import Gallery from './Gallery';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  stubIntersectionObserver();
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const photos = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ uuid: U(from + i), width: 1600, height: 1067, placeholder: null, captured_at: null }));

describe('Gallery', () => {
  it('shows the event’s photos page by page from the API the server named', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope({ photos: photos(0, 2), total: 3, next_cursor: 'c2' }))
      .mockResolvedValueOnce(envelope({ photos: photos(2, 1), total: 3, next_cursor: null }));
    render(<Gallery eventId={42} eventName="City Run" apiBase="http://api.test" showTotal />);
    await screen.findByText('Showing 2 of 3 photos');
    const first = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(first.origin + first.pathname).toBe('http://api.test/api/v1/client/events/42/photos');
    expect(first.searchParams.get('cursor')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Load more photos' }).click());
    await screen.findByText('Showing 3 of 3 photos');
    expect(new URL(String(fetchMock.mock.calls[1]?.[0])).searchParams.get('cursor')).toBe('c2');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more photos' })).toBeNull());
  });

  it('hides the count when the organiser hides it', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ photos: photos(0, 1), total: 1, next_cursor: null }));
    render(<Gallery eventId={42} eventName="City Run" apiBase="http://api.test" showTotal={false} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('offers to try again when the photos cannot be loaded', async () => {
    fetchMock.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(envelope({ photos: photos(0, 1), total: 1, next_cursor: null }));
    render(<Gallery eventId={42} eventName="City Run" apiBase="http://api.test" showTotal />);
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    act(() => retry.click());
    await screen.findByText('Showing 1 of 1 photo');
  });
});
