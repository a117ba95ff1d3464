import { DEFAULT_EVENT_PHOTOS_CONFIG, type AdminEvent } from '@eventsite/contract';
import { describe, expect, it } from 'vitest';
import {
  inputOfValues,
  patchOfValues,
  slugPreview,
  valuesOfEvent,
  valuesOfForm,
} from './event-form';

const event: AdminEvent = {
  id: 7,
  slug: 'harbour-10k-7',
  name: 'Harbour 10K',
  event_date: '2025-06-01',
  city: 'Porto',
  published: false,
  client_name: '',
  client_logo: '',
  total_images: 3,
  event_photos_config: DEFAULT_EVENT_PHOTOS_CONFIG,
};

function formOf(values: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values))
    for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return form;
}

describe('the event settings form', () => {
  it('saves what it shows unchanged: the stored settings make the same config', () => {
    const result = patchOfValues(valuesOfEvent(event));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.patch.name).toBe('Harbour 10K');
    expect(result.patch.event_photos_config?.feature_flag).toEqual(
      DEFAULT_EVENT_PHOTOS_CONFIG.feature_flag,
    );
    expect(result.patch.event_photos_config?.bib_config?.global_confidence_threshold).toBe(0.8);
    expect(result.patch.event_photos_config?.selfie_config?.match_threshold).toBe(0.6);
    expect(result.patch.event_photos_config?.selfie_config?.face_retention_days).toBe(90);
  });

  it('sends the days face data is kept as typed, and refuses what is not a number of days', () => {
    const kept = patchOfValues({ ...valuesOfEvent(event), face_retention_days: ' 30 ' });
    expect(kept.ok && kept.patch.event_photos_config?.selfie_config?.face_retention_days).toBe(30);
    for (const typed of ['0', 'abc', '1.5', '']) {
      const refused = patchOfValues({ ...valuesOfEvent(event), face_retention_days: typed });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.errors.face_retention_days).toMatch(/whole number of days/);
    }
  });

  it('turns an unticked flag off and a ticked one on', () => {
    const values = valuesOfEvent(event);
    delete values.flag_bib_search;
    values.flag_name_search = 'on';
    const result = patchOfValues(values);
    expect(result.ok && result.patch.event_photos_config?.feature_flag).toMatchObject({
      bib_search: false,
      name_search: true,
    });
  });

  it('refuses each bad field with plain words, under its own field', () => {
    const values = {
      ...valuesOfEvent(event),
      name: '   ',
      event_date: '2025-02-30',
      cta_url: 'javascript:alert(1)',
      bib_threshold: '180',
      selfie_threshold: 'abc',
      bib_strategy: [] as string[],
    };
    const result = patchOfValues(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['bib_strategy', 'bib_threshold', 'cta_url', 'event_date', 'name', 'selfie_threshold'].sort(),
    );
    expect(result.errors.cta_url).toMatch(/https:\/\//);
  });

  it('keeps the values as typed (hostile ones too), without the CSRF token, each cut at 2 KB', () => {
    const values = valuesOfForm(
      formOf({
        csrf: 'x',
        name: '<script>alert(1)</script>',
        city: 'a'.repeat(5000),
        bib_strategy: ['ocr', 'manual'],
      }),
    );
    expect(values).toEqual({
      name: '<script>alert(1)</script>',
      city: 'a'.repeat(2048),
      bib_strategy: ['ocr', 'manual'],
    });
  });

  it('keeps the API’s own asset paths it cannot set (a demo banner, a client logo) by not sending them', () => {
    const withAssets: AdminEvent = {
      ...event,
      client_logo: '/assets/sponsor.png',
      event_photos_config: {
        ...DEFAULT_EVENT_PHOTOS_CONFIG,
        banner_config: { enabled: true, image_url: '/assets/banner.png' },
      },
    };
    const stored = valuesOfEvent(withAssets);
    const kept = patchOfValues(stored, stored);
    expect(kept.ok).toBe(true);
    if (!kept.ok) return;
    expect(kept.patch.client_logo).toBeUndefined();
    expect(kept.patch.event_photos_config?.banner_config).toEqual({ enabled: true });
    // Typed anew, the address is checked.
    const typed = patchOfValues({ ...stored, banner_image_url: '/elsewhere.png' }, stored);
    expect(!typed.ok && typed.errors.banner_image_url).toMatch(/https:\/\//);
  });

  it('sends no bib format while its fields say nothing, and the whole format once they do', () => {
    const empty = patchOfValues(valuesOfEvent(event));
    expect(empty.ok && empty.patch.event_photos_config?.bib_config?.format).toBeNull();
    const values = {
      ...valuesOfEvent(event),
      bib_from: ' 1000 ',
      bib_to: '4999',
      bib_letters: 'prefix',
      bib_ignore: '2026, 10K ,, Harbour 10K',
    };
    const result = patchOfValues(values);
    expect(result.ok && result.patch.event_photos_config?.bib_config?.format).toEqual({
      range: { from: 1000, to: 4999 },
      letters: 'prefix',
      ignore: ['2026', '10K', 'Harbour 10K'],
    });
    // Shown again as typed in, it saves the same format.
    const stored = {
      ...event,
      event_photos_config: {
        ...event.event_photos_config,
        bib_config: {
          ...event.event_photos_config.bib_config,
          format: result.ok ? result.patch.event_photos_config!.bib_config!.format! : null,
        },
      },
    };
    const again = patchOfValues(valuesOfEvent(stored));
    expect(again.ok && again.patch.event_photos_config?.bib_config?.format).toEqual(
      result.ok && result.patch.event_photos_config?.bib_config?.format,
    );
  });

  it('refuses a bib range with one end, ends the wrong way round, or a letters choice it does not know', () => {
    const base = valuesOfEvent(event);
    const oneEnd = patchOfValues({ ...base, bib_from: '100' });
    expect(!oneEnd.ok && oneEnd.errors).toEqual({ bib_to: expect.stringMatching(/highest/) });
    const backwards = patchOfValues({ ...base, bib_from: '5000', bib_to: '1000' });
    expect(!backwards.ok && Object.keys(backwards.errors)).toEqual(['bib_from']);
    const words = patchOfValues({ ...base, bib_from: '1', bib_to: 'ten' });
    expect(!words.ok && Object.keys(words.errors)).toEqual(['bib_to']);
    const letters = patchOfValues({ ...base, bib_letters: '<script>' });
    expect(!letters.ok && Object.keys(letters.errors)).toEqual(['bib_letters']);
  });

  it('refuses a video minimum above its maximum', () => {
    const result = patchOfValues({ ...valuesOfEvent(event), video_min: '10', video_max: '5' });
    expect(result.ok).toBe(false);
  });
});

describe('the new event form', () => {
  it('needs a name and a real date; the city may be empty', () => {
    expect(inputOfValues({ name: 'Spring 10K', event_date: '2026-04-01', city: '' })).toEqual({
      ok: true,
      input: { name: 'Spring 10K', event_date: '2026-04-01', city: '' },
    });
    const refused = inputOfValues({ name: '', event_date: 'tomorrow' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && Object.keys(refused.errors).sort()).toEqual(['event_date', 'name']);
  });

  it('shows the address a name makes', () => {
    expect(slugPreview('Zoë’s Trail 10K!')).toBe('zoe-s-trail-10k');
  });
});
