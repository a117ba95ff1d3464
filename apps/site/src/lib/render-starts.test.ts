import { describe, expect, it } from 'vitest';
import { entryTags, RenderStarts } from './render-starts.mjs';

function clock() {
  let t = 1_000;
  return { now: () => t, tick: (ms = 1) => (t += ms) };
}

describe('renders that began before a change', () => {
  it('are not kept; the render asked for after the change is', () => {
    const time = clock();
    const renders = new RenderStarts(time.now);
    renders.ask('/localhost');
    time.tick();
    renders.revalidate(['organiser:localhost']);
    time.tick();
    expect(renders.keep('/localhost', ['_N_T_/layout', 'organiser:localhost'])).toBe(false);
    renders.ask('/localhost');
    time.tick();
    expect(renders.keep('/localhost', ['_N_T_/layout', 'organiser:localhost'])).toBe(true);
  });

  it('are kept when the change was to other data, or came before the render began', () => {
    const time = clock();
    const renders = new RenderStarts(time.now);
    renders.revalidate('organiser:other.example');
    time.tick();
    renders.ask('/localhost');
    time.tick();
    renders.revalidate('organiser:trail.localhost');
    time.tick();
    expect(renders.keep('/localhost', ['organiser:localhost'])).toBe(true);
    expect(renders.keep('/never-asked', ['organiser:trail.localhost'])).toBe(true);
  });

  it('count from the first question since the last store, when several visitors asked', () => {
    const time = clock();
    const renders = new RenderStarts(time.now);
    renders.ask('/localhost/events');
    time.tick();
    renders.revalidate(['events:localhost']);
    time.tick();
    renders.ask('/localhost/events');
    expect(renders.keep('/localhost/events', ['events:localhost'])).toBe(false);
  });

  it('read the tags of a page from its headers and of a fetch from the call', () => {
    expect(
      entryTags({ kind: 'APP_PAGE', headers: { 'x-next-cache-tags': '_N_T_/layout,organiser:a' } }),
    ).toEqual(['_N_T_/layout', 'organiser:a']);
    expect(
      entryTags({ kind: 'FETCH', data: {} }, { tags: ['event:4'], softTags: ['_N_T_/x'] }),
    ).toEqual(['event:4', '_N_T_/x']);
    expect(entryTags(null)).toEqual([]);
  });
});
