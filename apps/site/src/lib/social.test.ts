import { describe, expect, it } from 'vitest';
import { socialIcon, socialLinks } from './social';

const link = (platform: string, url: string, icon = '', label = '') => ({ platform, url, icon, label });

describe('socialLinks', () => {
  it('keeps a link with a platform and an absolute URL', () => {
    const [kept] = socialLinks([link('facebook', 'https://facebook.com/cityruns')]);
    expect(kept).toMatchObject({ platform: 'facebook', url: 'https://facebook.com/cityruns', label: 'Facebook' });
  });

  it('drops links with an empty platform or url, or a url that is not absolute', () => {
    expect(
      socialLinks([
        link('', 'https://facebook.com/x'),
        link('  ', 'https://facebook.com/x'),
        link('facebook', ''),
        link('facebook', 'facebook.com/cityruns'),
        link('facebook', '/relative'),
      ]),
    ).toEqual([]);
  });

  it('drops absolute URLs that are not http(s), so no script can become a link', () => {
    expect(socialLinks([link('x', 'javascript:alert(1)'), link('x', 'data:text/html,hi'), link('x', 'mailto:a@b.c')])).toEqual([]);
  });

  it('keeps the given label', () => {
    expect(socialLinks([link('strava', 'https://strava.com/c', '', 'Our club')])[0]?.label).toBe('Our club');
  });

  it('tolerates a missing list', () => {
    expect(socialLinks(undefined)).toEqual([]);
  });
});

describe('socialIcon', () => {
  it.each([['facebook'], ['instagram'], ['youtube'], ['twitter'], ['linkedin'], ['x'], ['whatsapp']])('has an icon for %s', (p) => {
    expect(socialIcon(p, '')).toEqual({ kind: 'platform', platform: p });
  });

  it('matches the platform name whatever its case', () => {
    expect(socialIcon(' Instagram ', '')).toEqual({ kind: 'platform', platform: 'instagram' });
  });

  it('uses a generic link icon for any other platform', () => {
    expect(socialIcon('strava', '')).toEqual({ kind: 'generic' });
  });

  it('uses a custom icon when icon is an http(s) URL, and ignores any other value', () => {
    expect(socialIcon('facebook', 'https://cdn.example.com/fb.svg')).toEqual({ kind: 'custom', src: 'https://cdn.example.com/fb.svg' });
    expect(socialIcon('facebook', 'javascript:alert(1)')).toEqual({ kind: 'platform', platform: 'facebook' });
    expect(socialIcon('strava', 'fa-strava')).toEqual({ kind: 'generic' });
  });
});
