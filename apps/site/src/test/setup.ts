import { afterEach, vi } from 'vitest';

// Component tests wait for what the page shows (findBy…, waitFor), never for a fixed time: on a
// loaded machine rendering takes longer than testing-library's 1 s default, so they may wait
// longer before giving up (a failure still fails; a pass is not delayed).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
