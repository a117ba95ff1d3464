import { describe, expect, it } from 'vitest';
import { callToAction, gtmId, headerDesign } from './header';

describe('callToAction', () => {
  it('is on the right unless given as left', () => {
    expect(callToAction({ text: 'Register', href: 'https://x.com', position: 'right' })?.position).toBe('right');
    expect(callToAction({ text: 'Register', href: 'https://x.com' })?.position).toBe('right');
    expect(callToAction({ text: 'Register', href: 'https://x.com', position: 'left' })?.position).toBe('left');
  });

  it('is dropped without text or href', () => {
    expect(callToAction({ text: '', href: 'https://x.com', position: 'right' })).toBeNull();
    expect(callToAction({ text: '   ', href: 'https://x.com', position: 'right' })).toBeNull();
    expect(callToAction({ text: 'Register', href: '', position: 'right' })).toBeNull();
    expect(callToAction(undefined)).toBeNull();
  });

  it('is dropped when href is not an http(s) URL', () => {
    expect(callToAction({ text: 'Go', href: 'javascript:alert(1)', position: 'right' })).toBeNull();
    expect(callToAction({ text: 'Go', href: '/register', position: 'right' })).toBeNull();
  });
});

describe('headerDesign', () => {
  it('is fill only if given as fill', () => {
    expect(headerDesign('fill')).toBe('fill');
    expect(headerDesign('default')).toBe('default');
    expect(headerDesign('FILL')).toBe('default');
    expect(headerDesign(undefined)).toBe('default');
  });
});

describe('gtmId', () => {
  it('accepts GTM-XXXX ids only', () => {
    expect(gtmId({ googleTagManagerId: 'GTM-ABC123' })).toBe('GTM-ABC123');
    expect(gtmId({ googleTagManagerId: '' })).toBeNull();
    expect(gtmId({ googleTagManagerId: "GTM-1');alert(1);//" })).toBeNull();
    expect(gtmId({ googleTagManagerId: 'gtm-abc' })).toBeNull();
  });
});
