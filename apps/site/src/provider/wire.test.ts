import { DEFAULT_EXTRA_CONFIG } from '@eventsite/contract';
import { describe, expect, it } from 'vitest';
import {
  fallbackOrganiser,
  readContactForm,
  readEventConfig,
  readEventSummaries,
  readEventSummary,
  readEventsPage,
  readOrganiser,
} from './wire';

const UUID = '5bec0000-0000-4000-8000-000000000001';
/** The footer's plain fields as the contract defaults them (each arrives in the site's reading). */
const {
  socialMediaLinks: _links,
  hide9picBranding: _branding,
  ...footerDefaults
} = DEFAULT_EXTRA_CONFIG.footer_config;

describe('readOrganiser: each field on its own, with its default', () => {
  it('reads an organiser that sends nothing but its name', () => {
    expect(readOrganiser({ name: 'Harbour Swims' })).toEqual({
      name: 'Harbour Swims',
      logo: null,
      logoPlate: null,
      themeColour: '#2E6F40',
      headerDesign: 'default',
      cta: null,
      gtmId: null,
      footer: { ...footerDefaults, socialLinks: [], showBranding: true },
    });
  });

  it('reads the logo’s plate as a colour, or none', () => {
    const plate = (logoPlate: unknown) =>
      readOrganiser({ name: 'A', extra_config: { logoPlate } }).logoPlate;
    expect(plate('#f4f6ff')).toBe('#F4F6FF');
    expect(plate('')).toBeNull();
    expect(plate('white;}')).toBeNull();
  });

  it('treats null everywhere as missing', () => {
    const organiser = readOrganiser({
      name: null,
      logo: null,
      extra_config: null,
      recent_events: null,
    });
    expect(organiser).toMatchObject({
      name: 'eventsite',
      logo: null,
      themeColour: '#2E6F40',
      cta: null,
    });
    expect(organiser.footer.showBranding).toBe(true);
    expect(
      readOrganiser({ extra_config: { footer_config: null, headerCta: null } }).footer.showBranding,
    ).toBe(true);
  });

  it('falls back to #2E6F40 for a colour that is absent or not hex, and keeps a hex one', () => {
    for (const themeColor of [
      undefined,
      null,
      'blue',
      'red;}body{display:none',
      42,
      '#12345',
      '',
    ]) {
      expect(readOrganiser({ extra_config: { themeColor } }).themeColour).toBe('#2E6F40');
    }
    expect(readOrganiser({ extra_config: { themeColor: '#7c3aed' } }).themeColour).toBe('#7C3AED');
    expect(readOrganiser({ extra_config: { themeColor: '#abc' } }).themeColour).toBe('#AABBCC');
  });

  it('puts the call-to-action on the right unless it says left, and drops it without text or href', () => {
    const cta = (headerCta: unknown) => readOrganiser({ extra_config: { headerCta } }).cta;
    expect(cta({ text: 'Enter', href: 'https://example.org/e' })).toEqual({
      text: 'Enter',
      href: 'https://example.org/e',
      position: 'right',
    });
    expect(cta({ text: 'Enter', href: 'https://example.org/e', position: 'right' })?.position).toBe(
      'right',
    );
    expect(cta({ text: 'Enter', href: 'https://example.org/e', position: 'LEFT' })?.position).toBe(
      'right',
    );
    expect(cta({ text: 'Enter', href: 'https://example.org/e', position: 'left' })?.position).toBe(
      'left',
    );
    expect(cta({ text: '', href: 'https://example.org/e' })).toBeNull();
    expect(cta({ text: 'Enter', href: '' })).toBeNull();
    expect(cta({ text: 'Enter' })).toBeNull();
    expect(cta({ text: 'Enter', href: 'javascript:alert(1)' })).toBeNull();
  });

  it('shows "Powered by" unless hide9picBranding is true itself', () => {
    const shown = (footer_config: unknown) =>
      readOrganiser({ extra_config: { footer_config } }).footer.showBranding;
    expect(shown({ hide9picBranding: true })).toBe(false);
    expect(shown({ hide9picBranding: false })).toBe(true);
    expect(shown({ hide9picBranding: 'yes' })).toBe(true);
    expect(shown({})).toBe(true);
  });

  it('header design is fill only when given as fill', () => {
    expect(readOrganiser({ extra_config: { headerDesign: 'fill' } }).headerDesign).toBe('fill');
    expect(readOrganiser({ extra_config: { headerDesign: 'FILL' } }).headerDesign).toBe('default');
  });

  it('keeps social links with a platform and an absolute http(s) URL only, and skips what is not a link at all', () => {
    const links = readOrganiser({
      extra_config: {
        footer_config: {
          socialMediaLinks: [
            { platform: 'facebook', url: 'https://facebook.com/a' },
            { platform: '', url: 'https://example.org' },
            { platform: 'x', url: 'not a url' },
            { platform: 'x', url: 'javascript:alert(1)' },
            null,
            'https://example.org',
            {
              platform: 'strava',
              url: 'https://strava.com/c',
              icon: 'https://cdn.example.org/s.png',
            },
          ],
        },
      },
    }).footer.socialLinks;
    expect(links.map((l) => [l.platform, l.icon.kind])).toEqual([
      ['facebook', 'platform'],
      ['strava', 'custom'],
    ]);
  });

  it('ignores fields it does not know', () => {
    expect(
      readOrganiser({ name: 'A', surprise: { deep: [1] }, extra_config: { newThing: true } }).name,
    ).toBe('A');
  });

  it('the fallback of a failed call is the default logo, #FF5733 and the provider’s name', () => {
    expect(fallbackOrganiser()).toMatchObject({
      name: 'eventsite',
      logo: null,
      themeColour: '#FF5733',
      cta: null,
    });
  });
});

describe('readEventSummary', () => {
  it('needs only a numeric id', () => {
    expect(readEventSummary({ event_id: 7 })).toEqual({
      id: 7,
      name: '',
      date: '',
      slug: '7',
      city: '',
      photos: [],
    });
    expect(readEventSummary({ event_id: '8' })?.id).toBe(8);
    expect(readEventSummary({ event_id: 'x' })).toBeNull();
    expect(readEventSummary(null)).toBeNull();
  });

  it('reads every field the lists show, skipping photo references that do not parse', () => {
    expect(
      readEventSummary({
        event_id: 12,
        event_name: ' City 10K ',
        event_date: '2026-09-20',
        event_slug: 'city-10k-12',
        event_photos: [`${UUID},1200,800`, 'nonsense', 5],
        location: { location_city: 'Leeds' },
      }),
    ).toEqual({
      id: 12,
      name: 'City 10K',
      date: '2026-09-20',
      slug: 'city-10k-12',
      city: 'Leeds',
      photos: [{ uuid: UUID, width: 1200, height: 800 }],
    });
  });

  it('links by id when the slug names another id or is not a plain path segment', () => {
    expect(readEventSummary({ event_id: 12, event_slug: 'city-10k-13' })?.slug).toBe('12');
    expect(readEventSummary({ event_id: 12, event_slug: '../x/12' })?.slug).toBe('12');
  });

  it('a list keeps the events it can show', () => {
    expect(
      readEventSummaries([{ event_id: 1 }, null, 'x', { event_id: 'y' }, { event_id: 2 }]).map(
        (e) => e.id,
      ),
    ).toEqual([1, 2]);
    expect(readEventSummaries(null)).toEqual([]);
  });
});

describe('readEventsPage', () => {
  it('works out missing pagination from the page asked for and the events on it', () => {
    const page = readEventsPage({ events: [{ event_id: 1 }, { event_id: 2 }] }, 1, 12);
    expect(page.pagination).toEqual({
      total: 2,
      current_page: 1,
      total_pages: 1,
      page_size: 12,
      has_next_page: false,
      has_previous_page: false,
    });
  });

  it('keeps the provider’s pagination', () => {
    const pagination = {
      total: 30,
      current_page: 2,
      total_pages: 3,
      page_size: 12,
      has_next_page: true,
      has_previous_page: true,
    };
    expect(readEventsPage({ events: [], pagination }, 2, 12).pagination).toEqual(pagination);
  });

  it('reads a null answer as an empty page', () => {
    expect(readEventsPage(null, 1, 12)).toMatchObject({
      events: [],
      pagination: { total: 0, total_pages: 0 },
    });
  });
});

describe('readContactForm', () => {
  it('is the http(s) form the provider names, or null', () => {
    expect(
      readContactForm({ contact_us: { form: { iframeSrc: 'https://forms.example.org/a' } } }),
    ).toBe('https://forms.example.org/a');
    expect(
      readContactForm({ contact_us: { form: { iframeSrc: 'javascript:alert(1)' } } }),
    ).toBeNull();
    expect(readContactForm({ contact_us: null })).toBeNull();
    expect(readContactForm(null)).toBeNull();
  });
});

describe('readEventConfig', () => {
  it('reads a config with only the event’s details and an empty event_photos_config, every other part defaulted', () => {
    const event = readEventConfig({
      event_details: { id: 5, name: 'Harbour Swim' },
      event_photos_config: {},
    });
    expect(event.details).toMatchObject({
      id: 5,
      name: 'Harbour Swim',
      total_images: 0,
      event_date: '',
      city: '',
      organiser_name: '',
    });
    expect(event.config.feature_flag).toMatchObject({
      show_all_images: true,
      bib_search: false,
      name_search: false,
      selfie_search: false,
      bulk_download: false,
      cta_enabled: false,
    });
    expect(event.config.video_config.validation).toEqual({ min_images: 0, max_images: 0 });
    expect(event.bannerUrl).toBeNull();
  });

  it('keeps the version of the photos’ look only when the provider gives a positive one', () => {
    const read = (photo_version: unknown) =>
      readEventConfig({
        event_details: { id: 5, name: 'Harbour Swim', photo_version },
        event_photos_config: {},
      }).details.photo_version;
    expect(read(3)).toBe(3);
    expect(read(0)).toBeUndefined();
    expect(read(undefined)).toBeUndefined();
    expect(read('3; drop')).toBeUndefined();
    expect(read(-2)).toBeUndefined();
  });

  it('reads null parts as missing and ignores unknown fields', () => {
    const event = readEventConfig({
      event_details: { id: 5, name: null, extra: 1 },
      event_photos_config: { feature_flag: null, bib_config: null, unknown: 2 },
      more: true,
    });
    expect(event.details.name).toBe('');
    expect(event.config.feature_flag.show_all_images).toBe(true);
    expect(event.config.bib_config.placeholder_text).toBe('Enter your bib number');
  });

  it('turns off a gallery call-to-action without text or an http(s) url', () => {
    const flags = { cta_enabled: true };
    expect(
      readEventConfig({
        event_details: { id: 1 },
        event_photos_config: { feature_flag: flags, cta_config: {} },
      }).config.feature_flag.cta_enabled,
    ).toBe(false);
    const good = readEventConfig({
      event_details: { id: 1 },
      event_photos_config: {
        feature_flag: flags,
        cta_config: { text: 'Buy prints', url: 'https://shop.example.org' },
      },
    });
    expect(good.config.feature_flag.cta_enabled).toBe(true);
    expect(good.config.cta_config).toEqual({
      text: 'Buy prints',
      url: 'https://shop.example.org/',
      placement: 'top',
      pass_search: false,
    });
  });

  it('cannot map a config without event details, a numeric id or an event_photos_config', () => {
    for (const bad of [
      null,
      'x',
      {},
      { event_details: null, event_photos_config: {} },
      { event_details: { name: 'A' }, event_photos_config: {} },
      { event_details: { id: 'x' }, event_photos_config: {} },
      { event_details: { id: 5, name: 'A' } },
      { event_details: { id: 5, name: 'A' }, event_photos_config: null },
      { event_details: { id: 5, name: 'A' }, event_photos_config: [] },
      { event_details: { id: 5, name: 'A' }, event_photos_config: 'none' },
    ]) {
      expect(() => readEventConfig(bad)).toThrow();
    }
  });
});
