// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import type { JobsStatus } from '@eventsite/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_MS, ProcessingStatus, UPLOADED_EVENT } from './ProcessingStatus';

const refresh = vi.fn();
// Next.js's router is the same object on every render.
const router = { refresh };
vi.mock('next/navigation', () => ({ useRouter: () => router }));

/**
 * The answer of the jobs route: `queued` tasks waiting, `total` photos listed, of which `reading`
 * are still being read and `failed` failed; every photo has two tasks (made ready, bibs read).
 */
const status = (
  queued: number,
  total: number,
  { reading = 0, failed = 0, arriving = 0, bibs = 0 } = {},
): JobsStatus => ({
  counts: { queued, running: 0, done: total * 2 - reading - failed, failed },
  photos: {
    arriving,
    total,
    ready: total - reading - failed,
    reading,
    failed,
    with_bibs: bibs,
    with_faces: 0,
  },
  failures: [],
});

let answers: JobsStatus[];
beforeEach(() => {
  vi.useFakeTimers();
  refresh.mockClear();
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(answers.shift() ?? status(0, 9)), { status: 200 }),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const poll = async () => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(POLL_MS + 10);
  });
};

describe('the console photo screen while photos are processed', () => {
  it('counts photos, not the tasks behind them: ten photos are "10 ready", not "Done 30"', () => {
    render(<ProcessingStatus eventId={4} initial={status(0, 10, { bibs: 7 })} csrf="t" canRetry />);
    const counts = screen.getByTestId('photo-counts');
    expect(counts.textContent).toBe('Photos ready10Photos still being read0Photos that failed0');
    expect(screen.getByText('Bibs read on 7 of 10 photos · faces found on 0')).toBeTruthy();
    expect(screen.queryByText(/Tasks/)).toBeNull();
  });

  it('tells photos still being read and failed apart, and uploads not yet in the gallery', () => {
    render(
      <ProcessingStatus
        eventId={4}
        initial={status(5, 12, { reading: 4, failed: 1, arriving: 3 })}
        csrf="t"
        canRetry
      />,
    );
    expect(screen.getByText('Photos ready').nextSibling?.textContent).toBe('7');
    expect(screen.getByText('Photos still being read').nextSibling?.textContent).toBe('4');
    expect(screen.getByText('Photos that failed').nextSibling?.textContent).toBe('1');
    expect(screen.getByText(/3 uploads are being made ready for the gallery/)).toBeTruthy();
  });

  it('brings the first photos into an empty list by itself once tasks are done', async () => {
    answers = [status(6, 0, { arriving: 6 }), status(3, 3, { arriving: 3 })];
    render(
      <ProcessingStatus
        eventId={4}
        initial={status(6, 0, { arriving: 6 })}
        csrf="t"
        canRetry
        listEmpty
      />,
    );
    await poll();
    expect(refresh).not.toHaveBeenCalled();
    await poll();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('leaves a list that already shows photos to the "Show the new photos" link', async () => {
    answers = [status(3, 8)];
    render(<ProcessingStatus eventId={4} initial={status(6, 5)} csrf="t" canRetry />);
    await poll();
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Show the new photos' })).toBeTruthy();
  });

  it('keeps counting after the list brought its first photos in, through the uploads that follow', async () => {
    answers = [status(1, 1, { arriving: 1 })];
    const { rerender } = render(
      <ProcessingStatus
        eventId={4}
        initial={status(2, 0, { arriving: 2 })}
        csrf="t"
        canRetry
        listEmpty
      />,
    );
    await poll();
    expect(refresh).toHaveBeenCalledTimes(1);
    // The page's new render: at that moment the first photo was done and the next not yet sent.
    rerender(<ProcessingStatus eventId={4} initial={status(0, 1)} csrf="t" canRetry />);
    answers = [status(1, 2, { reading: 1 }), status(0, 2)];
    await act(async () => {
      window.dispatchEvent(new Event(UPLOADED_EVENT));
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('Photos still being read').nextSibling?.textContent).toBe('1');
    await poll();
    expect(screen.getByText('Photos ready').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('Photos still being read').nextSibling?.textContent).toBe('0');
  });

  it('asks again while photos are still being read, even when no task is waiting', async () => {
    answers = [status(0, 3, { reading: 1 }), status(0, 3)];
    render(
      <ProcessingStatus eventId={4} initial={status(0, 3, { reading: 2 })} csrf="t" canRetry />,
    );
    await poll();
    expect(screen.getByText('Photos still being read').nextSibling?.textContent).toBe('1');
    await poll();
    expect(screen.getByText('Photos still being read').nextSibling?.textContent).toBe('0');
    const asked = vi.mocked(fetch).mock.calls.length;
    await poll();
    expect(vi.mocked(fetch).mock.calls.length).toBe(asked);
  });
});
