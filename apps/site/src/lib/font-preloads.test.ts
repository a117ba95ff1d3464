import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontPreloadOfBuild, withFontPreload } from './font-preloads.mjs';

const PRELOAD =
  /^<\/_next\/static\/media\/inter-s\.p\.woff2>; rel=preload; as="font"; crossorigin=""; type="font\/woff2"$/;

function buildWith(manifest: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'font-manifest-'));
  writeFileSync(path.join(dir, 'next-font-manifest.json'), manifest);
  return dir;
}

describe('the typeface preload of a kept page', () => {
  it('names the fonts the build marks for preloading, once each', () => {
    const dir = buildWith(
      JSON.stringify({
        pages: {},
        app: {
          '/app/layout': ['static/media/inter-s.p.woff2'],
          '/app/page': ['static/media/inter-s.p.woff2'],
        },
      }),
    );
    expect(fontPreloadOfBuild(dir)).toMatch(PRELOAD);
  });

  it('is empty for a build without a font manifest, or with a broken one', () => {
    expect(fontPreloadOfBuild(path.join(tmpdir(), 'no-such-build'))).toBe('');
    expect(fontPreloadOfBuild(buildWith('{ not json'))).toBe('');
    expect(
      fontPreloadOfBuild(buildWith(JSON.stringify({ app: { '/app/layout': 'x.woff2' } }))),
    ).toBe('');
  });

  it('is added to a kept page, beside its other headers, and never replaces a Link the page has', () => {
    const header = '</_next/static/media/inter-s.p.woff2>; rel=preload; as="font"';
    const page = withFontPreload(
      {
        kind: 'APP_PAGE',
        html: '<p>x</p>',
        headers: { 'content-security-policy': "object-src 'none'" },
      },
      header,
    );
    expect(page.headers).toEqual({ 'content-security-policy': "object-src 'none'", link: header });
    const own = withFontPreload(
      { kind: 'APP_PAGE', html: '', headers: { Link: '</a.css>; rel=preload; as="style"' } },
      header,
    );
    expect(own.headers).toEqual({ Link: '</a.css>; rel=preload; as="style"' });
  });

  it('leaves data that is not a page alone', () => {
    const fetched = { kind: 'FETCH', data: { body: '{}' } };
    expect(withFontPreload(fetched, '</f.woff2>; rel=preload')).toEqual({
      kind: 'FETCH',
      data: { body: '{}' },
    });
  });
});
