// The site has one client of the provider API: apps/site/src/provider/. Only it may know the
// API's paths (`/api/v1/...`) and where photos are served (`/events/photos/...`); everything else
// asks it. Tests may build URLs to check what was asked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const site = path.join(root, 'apps/site/src');
const PROVIDER = 'provider/';
const KNOWN_ONLY_TO_PROVIDER = ['api/v1', '/events/photos'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|jsx|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

/** `file: needle` for each non-test source file outside provider/ that names an API path. */
export function boundaryBreaches(files: { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) => {
    if (name.startsWith(PROVIDER) || /\.test\.tsx?$/.test(name)) return [];
    return KNOWN_ONLY_TO_PROVIDER.filter((needle) => text.includes(needle)).map((needle) => `${name}: ${needle}`);
  });
}

describe('the site has one client of the provider API', () => {
  it('finds a path named outside provider/, and lets tests and provider/ name them', () => {
    expect(
      boundaryBreaches([
        { name: 'editor/data/api.ts', text: 'fetch(`${base}/api/v1/client/events/${id}/config`)' },
        { name: 'lib/photos.ts', text: '`${base}/events/photos/${uuid}?w=${w}`' },
        { name: 'provider/photos.ts', text: "'/api/v1/client/events/' + '/events/photos/'" },
        { name: 'provider/promo.test.ts', text: "'/api/v1/client/events/7/photos'" },
        { name: 'components/gallery/Gallery.test.tsx', text: "'/events/photos/x'" },
      ]),
    ).toEqual(['editor/data/api.ts: api/v1', 'lib/photos.ts: /events/photos']);
  });

  it('no source file under apps/site/src outside provider/ names an API path', () => {
    const files = sourceFiles(site).map((file) => ({
      name: path.relative(site, file).split(path.sep).join('/'),
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(boundaryBreaches(files)).toEqual([]);
  });
});
