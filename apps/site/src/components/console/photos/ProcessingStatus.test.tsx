// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import type { JobsStatus } from '@eventsite/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_MS, ProcessingStatus } from './ProcessingStatus';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

const status = (queued: number, done: number): JobsStatus => ({
  counts: { queued, running: 0, done, failed: 0 },
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
  it('says the counts are tasks, not photos', () => {
    render(<ProcessingStatus eventId={4} initial={status(6, 0)} csrf="t" canRetry />);
    expect(screen.getByText(/These count tasks, not photos/)).toBeTruthy();
    expect(screen.getByText('Tasks waiting')).toBeTruthy();
    expect(screen.getByText('Tasks done')).toBeTruthy();
  });

  it('brings the first photos into an empty list by itself once tasks are done', async () => {
    answers = [status(6, 0), status(3, 3)];
    render(<ProcessingStatus eventId={4} initial={status(6, 0)} csrf="t" canRetry listEmpty />);
    await poll();
    expect(refresh).not.toHaveBeenCalled();
    await poll();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('leaves a list that already shows photos to the "Show the new photos" link', async () => {
    answers = [status(3, 3)];
    render(<ProcessingStatus eventId={4} initial={status(6, 0)} csrf="t" canRetry />);
    await poll();
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Show the new photos' })).toBeTruthy();
  });
});
