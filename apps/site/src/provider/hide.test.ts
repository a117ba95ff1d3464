import { describe, expect, it, vi } from 'vitest';
import { ProviderError } from './envelope';
import { requestHide } from './hide';

const unit = () => {
  const v = Array.from({ length: 1024 }, (_, i) => (i % 5) + 1);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe('hide requests from the browser', () => {
  it('a face over the cap is refused with the API’s words, which the page shows', async () => {
    const message =
      'This face looks like the face in 25 photos of this event, more than one request can hide (20). It may match other people too. Use a clear selfie of your own face, looking at the camera, or ask the organiser to hide you.';
    const fetchImpl = vi.fn(async () =>
      Response.json({ status: 'error', code: 422, message, data: null }, { status: 422 }),
    );
    const refused = await requestHide(
      'http://api.test',
      42,
      unit(),
      { dryRun: true },
      undefined,
      fetchImpl as unknown as typeof fetch,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).message).toBe(message);
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ dry_run: true });
  });
});
