// The typeface's preload header for a kept page (docs/performance.md, section 3c).
//
// A page rendered per request gets `Link: <…woff2>; rel=preload; as="font"` from Next.js, so the
// browser asks for the font with the first bytes of the answer. A kept page (ISR) is answered from
// the page cache, which stores the page's HTML and its own headers but not that one: without it the
// first paint waits for the stylesheet before the font is even asked for. The font files a page
// preloads are fixed by the build (next-font-manifest.json: each app entry's fonts marked for
// preloading), so the page cache adds the same header to every page it keeps.
//
// Plain JavaScript: loaded by the page cache (page-cache.mjs), which Next.js loads unbundled.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The build's preloaded font files, as `/_next/static/media/x.woff2`, from its font manifest. */
export function preloadedFonts(manifest) {
  const files = new Set();
  for (const list of Object.values(manifest?.app ?? {}))
    for (const file of Array.isArray(list) ? list : [])
      if (typeof file === 'string') files.add(`/_next/${file}`);
  return [...files].sort();
}

/** A `Link` header value that preloads each font file, as Next.js writes it for a rendered page. */
export function fontPreloadHeader(files) {
  return files
    .map((href) => {
      const type = path.extname(href).slice(1);
      return `<${href}>; rel=preload; as="font"; crossorigin=""; type="font/${type}"`;
    })
    .join(', ');
}

/** The header for a build's server folder (`.next/server`), or '' when it preloads no font. */
export function fontPreloadOfBuild(serverDistDir) {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(serverDistDir, 'next-font-manifest.json'), 'utf8'),
    );
    return fontPreloadHeader(preloadedFonts(manifest));
  } catch {
    return '';
  }
}

/** A kept page entry with the font preload header, unless it already carries a `Link` header. */
export function withFontPreload(data, header) {
  if (!header || !data || data.kind !== 'APP_PAGE') return data;
  data.headers ??= {};
  if (!Object.keys(data.headers).some((name) => name.toLowerCase() === 'link'))
    data.headers.link = header;
  return data;
}
