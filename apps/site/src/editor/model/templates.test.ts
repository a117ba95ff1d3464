import { describe, expect, test } from 'vitest';
import { design } from './schema';
import { TEMPLATE_LIST, buildTemplate, photoWidthFor } from './templates';
import type { EventData } from './templates/shared';
import { rotatedBounds } from './geometry';

const event = {
  eventName: 'Lisbon Half Marathon',
  eventDate: '2026-03-14',
  city: 'Lisbon',
  organiserName: 'Run Portugal',
  logoUrl: 'https://api.example.com/logo.png',
  themeColour: '#E4572E',
  photoUrl: 'https://api.example.com/events/photos/0b7e1b2a-1111-4222-8333-444455556666?w=1280',
};

const texts = (kind: Parameters<typeof buildTemplate>[0], e = event) =>
  buildTemplate(kind, e).elements.flatMap((el) => (el.type === 'text' ? [el.text] : []));

describe('templates', () => {
  test.each(TEMPLATE_LIST.map((t) => [t.kind, t] as const))('%s is a valid design of the right size', (kind, info) => {
    const d = buildTemplate(kind, event);
    expect(design.parse(d)).toEqual(d);
    expect([d.width, d.height]).toEqual([info.width, info.height]);
    expect(new Set(d.elements.map((e) => e.id)).size).toBe(d.elements.length);
  });

  test('sizes people share', () => {
    const sizes = Object.fromEntries(TEMPLATE_LIST.map((t) => [t.kind, [t.width, t.height, t.page.width, t.page.height]]));
    expect(sizes['post-square']?.slice(0, 2)).toEqual([1080, 1080]);
    expect(sizes['post-portrait']?.slice(0, 2)).toEqual([1080, 1350]);
    expect(sizes['story']?.slice(0, 2)).toEqual([1080, 1920]);
    expect(sizes['link-preview']?.slice(0, 2)).toEqual([1200, 630]);
    expect(sizes['certificate-landscape']).toEqual([3508, 2480, 842, 595]);
    expect(sizes['certificate-portrait']).toEqual([2480, 3508, 595, 842]);
  });

  test('filled from the event: name, long date, city, logo, photo, colour', () => {
    for (const kind of ['post-square', 'story', 'link-preview'] as const) {
      const d = buildTemplate(kind, event);
      const all = texts(kind).join(' | ');
      expect(all).toContain('Lisbon Half Marathon');
      expect(all).toContain('March 14, 2026');
      expect(all).toContain('Lisbon');
      expect(d.elements.some((e) => e.type === 'image' && e.role === 'logo' && e.src === event.logoUrl)).toBe(true);
      const usesPhoto = (d.background.kind === 'image' && d.background.src === event.photoUrl) || d.elements.some((e) => e.type === 'image' && e.src === event.photoUrl);
      expect(usesPhoto).toBe(true);
      expect(JSON.stringify(d)).toContain('#E4572E');
    }
  });

  test('without photo or logo it falls back to the brand gradient and leaves no empty boxes', () => {
    const d = buildTemplate('post-square', { eventName: 'Trail', themeColour: '#123456' });
    expect(d.background.kind).toBe('gradient');
    expect(d.elements.some((e) => e.type === 'image')).toBe(false);
    expect(d.elements.every((e) => e.type !== 'text' || e.text.trim() !== '')).toBe(true);
  });

  test('a bad theme colour falls back to the default', () => {
    expect(() => design.parse(buildTemplate('story', { eventName: 'X', themeColour: 'red;}' }))).not.toThrow();
  });

  test("the story keeps every element inside Instagram's safe area", () => {
    const d = buildTemplate('story', event);
    expect(d.safeArea).toEqual({ x: 0, y: 250, width: 1080, height: 1420 });
    for (const el of d.elements) {
      const b = rotatedBounds(el);
      expect(b.y, el.id).toBeGreaterThanOrEqual(250);
      expect(b.y + b.height, el.id).toBeLessThanOrEqual(1670);
    }
  });

  test('certificates carry the fields a finisher certificate needs', () => {
    const fields = buildTemplate('certificate-landscape', event).elements.flatMap((e) => (e.type === 'text' && e.field ? [e.field] : []));
    expect(fields).toEqual(expect.arrayContaining(['name', 'net_time', 'overall_rank', 'category_rank', 'category', 'bib', 'event_name', 'event_date']));
  });

  test('photo width: the smallest served width that covers the template', () => {
    const widths = [160, 320, 480, 640, 960, 1280, 1600, 2048];
    expect(photoWidthFor('post-square', widths)).toBe(1280);
    expect(photoWidthFor('link-preview', widths)).toBe(1280);
    expect(photoWidthFor('certificate-landscape', widths)).toBe(2048);
  });
});

describe('the certificate’s logo plate', () => {
  const plateOf = (e: EventData) =>
    buildTemplate('certificate-landscape', e).elements.find((el) => el.id === 'logo-plate');
  const fill = (e: EventData) => {
    const plate = plateOf(e);
    return plate && 'fill' in plate ? plate.fill : null;
  };
  test('is the plate chosen from the logo’s own colours, so a dark logo stays readable', () => {
    expect(fill({ ...event, logoPlate: '#F4F6FF' })).toBe('#F4F6FF');
  });
  test('without one, stays the brand’s deep shade (white header logos); no logo, no plate', () => {
    expect(fill(event)).not.toBe('#F4F6FF');
    expect(fill(event)).toBeTruthy();
    const { logoUrl: _none, ...noLogo } = event;
    expect(plateOf(noLogo)).toBeUndefined();
  });
});

describe('the posters’ logo plate', () => {
  const POSTERS = ['post-square', 'post-portrait', 'story', 'link-preview'] as const;
  /** The plate a dark (navy) logo gets: a pale tint of its colour. */
  const PALE = '#EEF0F8';
  const parts = (kind: (typeof POSTERS)[number], e: EventData) => {
    const els = buildTemplate(kind, e).elements;
    const at = (id: string) => els.findIndex((el) => el.id === id);
    const plate = els[at('logo-plate')];
    const logo = els[at('logo')];
    return { plate, logo, plateUnderLogo: at('logo-plate') >= 0 && at('logo-plate') < at('logo') };
  };

  test.each(POSTERS)('%s: a dark logo over the photo sits on its plate, in the plate’s colour', (kind) => {
    const { plate, logo, plateUnderLogo } = parts(kind, { ...event, logoPlate: PALE });
    expect(plate && 'fill' in plate ? plate.fill : null).toBe(PALE);
    expect(plateUnderLogo).toBe(true);
    // The plate reaches past the logo on every side.
    expect(plate!.x).toBeLessThan(logo!.x);
    expect(plate!.y).toBeLessThan(logo!.y);
    expect(plate!.x + plate!.width).toBeGreaterThan(logo!.x + logo!.width);
    expect(plate!.y + plate!.height).toBeGreaterThan(logo!.y + logo!.height);
  });

  test.each(POSTERS)('%s: a dark logo on the dark brand design, without a photo, gets its plate too', (kind) => {
    const { photoUrl: _none, ...noPhoto } = event;
    const { plate } = parts(kind, { ...noPhoto, themeColour: '#123456', logoPlate: PALE });
    expect(plate && 'fill' in plate ? plate.fill : null).toBe(PALE);
  });

  test.each(POSTERS)('%s: a white logo on a dark design it already stands out from stays bare', (kind) => {
    // A white logo's plate is a deep grey (what the API chooses for a white logo); the navy design
    // behind it is as deep or deeper.
    const { photoUrl: _none, ...noPhoto } = event;
    const { plate, logo } = parts(kind, { ...noPhoto, themeColour: '#123456', logoPlate: '#373B47' });
    expect(plate).toBeUndefined();
    expect(logo).toMatchObject({ type: 'image', role: 'logo' });
  });

  test('a logo with a red background of its own stays bare on a design darker than it', () => {
    const { photoUrl: _none, ...noPhoto } = event;
    expect(parts('post-portrait', { ...noPhoto, themeColour: '#1E3A8A', logoPlate: '#C8102E' }).plate).toBeUndefined();
  });

  test('a white logo’s deep plate is put under it on a mid-tone design that is paler than the plate', () => {
    // The orange brand colour at the gradient's start is far paler than the plate: the white logo
    // would stand out less there than on its plate.
    const { photoUrl: _none, ...noPhoto } = event;
    expect(parts('post-square', { ...noPhoto, themeColour: '#F2C94C', logoPlate: '#373B47' }).plate).toBeDefined();
  });

  test('a white logo over a photo still gets its plate: a photo may be pale where the logo sits', () => {
    expect(parts('post-square', { ...event, logoPlate: '#373B47' }).plate).toBeDefined();
  });

  test.each(POSTERS)('%s: an organiser without a plate colour keeps the bare logo in its place', (kind) => {
    const { plate, logo } = parts(kind, event);
    expect(plate).toBeUndefined();
    const bare = buildTemplate(kind, { ...event, logoPlate: PALE }).elements.find((el) => el.id === 'logo');
    expect(logo).toEqual(bare);
  });

  test('the story’s plate stays inside Instagram’s safe area', () => {
    const { plate } = parts('story', { ...event, logoPlate: PALE });
    expect(plate!.y).toBeGreaterThanOrEqual(250);
  });

  test.each(POSTERS)('%s with a plate is still a valid design', (kind) => {
    const d = buildTemplate(kind, { ...event, logoPlate: PALE });
    expect(design.parse(d)).toEqual(d);
  });
});
