// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import type { JobsStatus } from '@eventsite/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_MS, ProcessingStatus } from './ProcessingStatus';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

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
});
