import { describe, expect, it } from 'vitest';
import { absoluteAssetUrl, eventSlug } from './urls.js';

describe('eventSlug', () => {
  it.each([
    ['Zürich Night Run 2025', 7, 'zurich-night-run-2025-7'],
    ["Valentine's Fun Run", 4, 'valentines-fun-run-4'],
    ['  --Ünïcödé!!  ', 12, 'unicode-12'],
    ['🏃‍♀️', 3, 'event-3'],
  ])('%j, %i → %s (the site reads the id after the last hyphen)', (name, id, slug) => {
    expect(eventSlug(name, id)).toBe(slug);
    expect(Number(slug.split('-').pop())).toBe(id);
  });
});

describe('absoluteAssetUrl', () => {
  it('turns an asset path into a URL on the API and leaves absolute URLs alone', () => {
    expect(absoluteAssetUrl('/assets/logo.png', 'https://api.example.com')).toBe(
      'https://api.example.com/assets/logo.png',
    );
    expect(absoluteAssetUrl('https://cdn.example.com/l.png', 'https://api.example.com')).toBe(
      'https://cdn.example.com/l.png',
    );
    expect(absoluteAssetUrl('', 'https://api.example.com')).toBe('');
  });
});
