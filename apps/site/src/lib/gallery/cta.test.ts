import { describe, expect, it } from 'vitest';
import { galleryCta } from './cta';

const config = { text: ' Order prints ', url: 'https://shop.example.com/p?ref=g', placement: 'top' as const, pass_search: false };

describe('gallery call-to-action', () => {
  it('needs the flag, text and an http(s) url', () => {
    expect(galleryCta(false, config)).toBeNull();
    expect(galleryCta(true, { ...config, text: '  ' })).toBeNull();
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'ftp://x.com/a', '']) {
      expect(galleryCta(true, { ...config, url })).toBeNull();
    }
    expect(galleryCta(true, { ...config, url: 'http://x.com/' })?.href).toBe('http://x.com/');
  });

  it('places itself top, bottom or both', () => {
    expect(galleryCta(true, config)).toMatchObject({ text: 'Order prints', top: true, bottom: false });
    expect(galleryCta(true, { ...config, placement: 'bottom' })).toMatchObject({ top: false, bottom: true });
    expect(galleryCta(true, { ...config, placement: 'both' })).toMatchObject({ top: true, bottom: true });
  });

  it('passes the bib search on only when asked, replacing one already there', () => {
    const bib = { kind: 'bib' as const, value: '1234' };
    expect(galleryCta(true, config, bib)?.href).toBe('https://shop.example.com/p?ref=g');
    expect(galleryCta(true, { ...config, pass_search: true }, bib)?.href).toBe('https://shop.example.com/p?ref=g&bib=1234');
    expect(galleryCta(true, { ...config, url: 'https://x.com/?bib=9', pass_search: true }, bib)?.href).toBe('https://x.com/?bib=1234');
    expect(galleryCta(true, { ...config, pass_search: true }, { kind: 'name', value: 'maria' })?.href).toBe('https://shop.example.com/p?ref=g');
    expect(galleryCta(true, { ...config, pass_search: true }, null)?.href).toBe('https://shop.example.com/p?ref=g');
  });
});
