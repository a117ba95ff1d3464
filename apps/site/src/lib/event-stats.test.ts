// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportStat } from '@/provider/stats';
import { countEventStat } from './event-stats';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { dataLayer?: unknown }).dataLayer;
});

function beacons() {
  const sent: Array<{ url: string; body: Blob }> = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, body: Blob) => {
      sent.push({ url, body });
      return true;
    },
  });
  return sent;
}

describe('countEventStat', () => {
  it('sends a visit as a text/plain beacon to the event’s stats endpoint', async () => {
    const sent = beacons();
    countEventStat('https://api.example/', 42, 'visit');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://api.example/api/v1/client/events/42/stats');
    expect(sent[0]!.body.type).toBe('text/plain');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(sent[0]!.body);
    });
    expect(JSON.parse(text)).toEqual({ kind: 'visit' });
  });

  it('sends nothing for what the provider counts itself, and pushes every kind to the organiser’s tag manager', () => {
    const sent = beacons();
    const layer: unknown[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = layer;
    countEventStat('https://api.example', 7, 'search_bib');
    countEventStat('https://api.example', 7, 'share');
    expect(sent.map((s) => s.url)).toEqual(['https://api.example/api/v1/client/events/7/stats']);
    expect(layer).toEqual([
      { event: 'eventsite_search_bib', eventsite_event_id: 7 },
      { event: 'eventsite_share', eventsite_event_id: 7 },
    ]);
  });

  it('loses the count quietly where the browser has no beacon or refuses it', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    expect(reportStat('https://api.example', 1, 'visit')).toBe(false);
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: () => {
        throw new TypeError('blocked');
      },
    });
    expect(reportStat('https://api.example', 1, 'visit')).toBe(false);
    expect(() => countEventStat('https://api.example', 1, 'visit')).not.toThrow();
  });
});
