import { DEFAULT_EXTRA_CONFIG } from '@eventsite/contract';
import { describe, expect, it } from 'vitest';
import { logoErrorOf } from './errors';
import {
  checkDraft,
  contrastOf,
  decodeDraft,
  draftFromForm,
  draftOf,
  encodeDraft,
  ratioText,
  type BrandingDraft,
} from './form';

const draft = (over: Partial<BrandingDraft> = {}): BrandingDraft => ({
  ...draftOf(DEFAULT_EXTRA_CONFIG),
  ...over,
});

describe('contrast of the theme colour', () => {
  it('computes WCAG ratios: white on black is 21:1, white on white 1:1', () => {
    expect(contrastOf('#000000')).toMatchObject({ white: 21, text: '#FFFFFF', whiteFails: false });
    expect(contrastOf('#FFF')).toMatchObject({
      white: 1,
      text: '#000000',
      textRatio: 21,
      whiteFails: true,
    });
  });

  it('warns for a light brand colour and says which text the site will use instead', () => {
    const gold = contrastOf('#FFD700')!;
    expect(gold.whiteFails).toBe(true);
    expect(gold.white).toBeCloseTo(1.4, 1);
    expect(gold.text).toBe('#000000');
    expect(gold.textRatio).toBeGreaterThanOrEqual(4.5);
  });

  it('is exact at the threshold: #767676 passes with white (4.54:1), #777777 does not (4.48:1)', () => {
    expect(contrastOf('#767676')!.whiteFails).toBe(false);
    expect(contrastOf('#777777')!.whiteFails).toBe(true);
    // Never rounded up past the threshold in what people read.
    expect(ratioText(contrastOf('#777777')!.white)).toBe('4.4');
  });

  it('answers null for what is not a hex colour (nothing to warn about yet)', () => {
    for (const value of ['', 'red', '#12', '#GGGGGG', 'url(x)', '#1234567'])
      expect(contrastOf(value)).toBeNull();
  });
});

describe('checking the branding form', () => {
  it('turns a good form into the patch the API applies', () => {
    const form = new FormData();
    form.set('themeColor', ' #2e6f40 ');
    form.set('headerDesign', 'fill');
    form.set('ctaText', 'Register');
    form.set('ctaHref', 'https://example.com/register');
    form.set('ctaPosition', 'left');
    form.set('footerText', 'See you next year');
    form.set('privacyPolicyUrl', '');
    form.set('social_platform_0', 'instagram');
    form.set('social_url_0', 'https://instagram.com/city');
    form.set('social_label_0', '');
    form.set('social_platform_1', 'website');
    form.set('social_url_1', '');
    const check = checkDraft(draftFromForm(form));
    expect(check).toEqual({
      ok: true,
      patch: {
        themeColor: '#2e6f40',
        headerDesign: 'fill',
        headerCta: { text: 'Register', href: 'https://example.com/register', position: 'left' },
        footer_config: {
          hide9picBranding: true,
          footerText: 'See you next year',
          privacyPolicyUrl: '',
          socialMediaLinks: [
            { platform: 'instagram', url: 'https://instagram.com/city', icon: '', label: '' },
          ],
        },
      },
    });
  });

  it('names each bad field in words, next to it', () => {
    const check = checkDraft(
      draft({
        themeColor: 'red',
        ctaText: 'Go',
        ctaHref: 'javascript:alert(1)',
        footerText: 'x'.repeat(501),
        privacyPolicyUrl: 'ftp://example.com',
        social: [
          { platform: 'x', url: 'https://x.com/ok', label: '' },
          { platform: 'facebook', url: 'not a url', label: '' },
        ],
      }),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      themeColor: 'Theme colour must be a hex colour such as #2E6F40',
      ctaHref: 'Call-to-action link must be an absolute http:// or https:// URL',
      footerText: 'Footer text is too long',
      privacyPolicyUrl: 'Privacy policy link must be an absolute http:// or https:// URL',
      social_url_1: 'Address of social link 2 must be an absolute http:// or https:// URL',
    });
  });

  it('needs both text and link for a call-to-action', () => {
    const noLink = checkDraft(draft({ ctaText: 'Register', ctaHref: '' }));
    expect(noLink.ok ? null : noLink.errors.ctaHref).toMatch(/link is required/);
    const noText = checkDraft(draft({ ctaText: ' ', ctaHref: 'https://example.com' }));
    expect(noText.ok ? null : noText.errors.ctaText).toMatch(/text is required/);
  });
});

describe('the draft in a URL', () => {
  it('comes back exactly as typed, hostile strings included', () => {
    const typed = draft({
      themeColor: 'not-a-colour',
      footerText: '<script>alert("ü")</script> 🎉',
      social: [{ platform: 'instagram', url: 'javascript:alert(1)', label: '"quoted"' }],
    });
    const encoded = encodeDraft(typed)!;
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeDraft(encoded)).toEqual(typed);
  });

  it('ignores what is not a draft, and is not made when too long', () => {
    for (const value of [undefined, '', '!!!', 'eyJ', ['a'], 'a'.repeat(7000)]) {
      const decoded = decodeDraft(value);
      expect(decoded === null || typeof decoded.themeColor === 'string').toBe(true);
    }
    expect(decodeDraft('!!!')).toBeNull();
    expect(
      encodeDraft(
        draft({
          social: Array.from({ length: 20 }, () => ({
            platform: 'x',
            url: `https://x.com/${'a'.repeat(400)}`,
            label: '',
          })),
        }),
      ),
    ).toBeNull();
  });
});

describe('logo refusals', () => {
  it('map the API’s answers to what the owner is told', () => {
    expect(logoErrorOf(415, 'SVG logos are not accepted')).toBe('logo-svg');
    expect(logoErrorOf(415, 'Unsupported Media Type: image/gif')).toBe('logo-type');
    expect(logoErrorOf(413, 'Request body is too large')).toBe('logo-too-large');
    expect(logoErrorOf(400, 'This image cannot be read')).toBe('logo-unreadable');
    expect(logoErrorOf(null, 'The provider did not answer')).toBe('unavailable');
    expect(logoErrorOf(403, 'ask an owner')).toBe('owners-only');
  });
});
