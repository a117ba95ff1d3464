import { describe, expect, it } from 'vitest';
import {
  allEventsQuery,
  DEFAULT_EVENT_PHOTOS_CONFIG,
  DEFAULT_EXTRA_CONFIG,
  eventConfig,
  extraConfig,
  eventInput,
  organiserInput,
  photoQuery,
} from './index.js';

describe('allEventsQuery', () => {
  it('defaults page to 1 and page_size to 10', () => {
    expect(allEventsQuery.parse({ app_domain: 'LocalHost' })).toEqual({
      app_domain: 'localhost',
      page: 1,
      page_size: 10,
    });
  });
  it.each([['0'], ['-1'], ['abc'], ['1e3'], ['9999999999'], ['100001']])(
    'refuses page %s',
    (page) => {
      expect(allEventsQuery.safeParse({ app_domain: 'localhost', page }).success).toBe(false);
    },
  );
  it.each([['0'], ['10000'], ['101']])('refuses page_size %s', (page_size) => {
    expect(allEventsQuery.safeParse({ app_domain: 'localhost', page_size }).success).toBe(false);
  });
  it.each([['exa mple.com'], ['<script>'], ['a..b'], [''], ['-a.com']])(
    'refuses app_domain %j',
    (app_domain) => {
      expect(allEventsQuery.safeParse({ app_domain }).success).toBe(false);
    },
  );
});

describe('photoQuery', () => {
  it('accepts a width from the fixed set and refuses others', () => {
    expect(photoQuery.parse({ w: '640' }).w).toBe(640);
    expect(photoQuery.safeParse({ w: '641' }).success).toBe(false);
    expect(photoQuery.parse({}).w).toBeUndefined();
  });
});

describe('organiserInput', () => {
  it('keeps only the extra_config fields a file sets; the defaults are served for the rest', () => {
    expect(
      organiserInput.parse({ name: 'City Runs', domains: ['localhost'] }).extra_config,
    ).toEqual({});
    const parsed = organiserInput.parse({
      name: 'City Runs',
      domains: ['localhost'],
      extra_config: {
        footer_config: { socialMediaLinks: [{ platform: 'x', url: 'https://x.com/c' }] },
      },
    });
    // A link's icon and label default to empty.
    expect(parsed.extra_config).toEqual({
      footer_config: {
        socialMediaLinks: [{ platform: 'x', url: 'https://x.com/c', icon: '', label: '' }],
      },
    });
    expect(DEFAULT_EXTRA_CONFIG.themeColor).toBe('#2E6F40');
    expect(DEFAULT_EXTRA_CONFIG.headerCta.position).toBe('right');
    expect(DEFAULT_EXTRA_CONFIG.footer_config.hide9picBranding).toBe(false);
    expect(extraConfig.parse(DEFAULT_EXTRA_CONFIG)).toEqual(DEFAULT_EXTRA_CONFIG);
  });
  it('refuses a field it does not know, at any depth', () => {
    const result = organiserInput.safeParse({
      name: 'X',
      domains: ['x.com'],
      extra_config: { footer_config: { footerTxt: 'typo' } },
    });
    expect(result.success).toBe(false);
  });
  it('refuses a javascript: link and a bad colour, naming the field', () => {
    const result = organiserInput.safeParse({
      name: 'X',
      domains: ['x.com'],
      extra_config: {
        themeColor: 'red;}body{',
        footer_config: { socialMediaLinks: [{ platform: 'x', url: 'javascript:alert(1)' }] },
      },
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('extra_config.themeColor');
    expect(paths).toContain('extra_config.footer_config.socialMediaLinks.0.url');
  });
});

describe('eventInput', () => {
  it('refuses an impossible date', () => {
    expect(eventInput.safeParse({ name: 'Run', event_date: '2026-02-30' }).success).toBe(false);
    expect(eventInput.safeParse({ name: 'Run', event_date: '2026-02-28' }).success).toBe(true);
  });
});

describe('defaults', () => {
  it('are a valid event config with video limits of 0', () => {
    const cfg = eventConfig.parse({
      event_details: {
        id: 1,
        name: 'x',
        total_images: 0,
        event_date: '2026-01-01',
        slug: 'x-1',
        city: '',
        organiser_name: 'o',
        client: { name: '', logo: '' },
      },
      event_photos_config: DEFAULT_EVENT_PHOTOS_CONFIG,
    });
    expect(cfg.event_photos_config.video_config.validation).toEqual({
      min_images: 0,
      max_images: 0,
    });
  });
});
