import {
  type AdminEvent,
  BIB_STRATEGIES,
  type BibFormat,
  type EventPatch,
  eventPatch,
  type FeatureFlags,
  featureFlags,
} from '@eventsite/contract';

/**
 * The event settings form: its fields as typed (kept to show again after a refusal), the API's
 * `EventPatch` they make, and each refusal under the field it is about.
 */

export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string>;

export const FLAG_KEYS = Object.keys(featureFlags.shape) as (keyof FeatureFlags)[];
export const flagField = (flag: keyof FeatureFlags) => `flag_${flag}`;
export const PLACEMENTS = ['top', 'bottom', 'both'] as const;

/** The longest value kept of a field as typed. */
const MAX_VALUE = 2048;

/** A form's text fields (files are not fields of these forms), each cut at 2 KB. */
export function valuesOfForm(form: FormData): FormValues {
  const values: FormValues = {};
  for (const key of new Set(form.keys())) {
    if (key === 'csrf') continue;
    const all = form
      .getAll(key)
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.slice(0, MAX_VALUE));
    if (all.length === 0) continue;
    values[key] = key === 'bib_strategy' ? all : all[0]!;
  }
  return values;
}

/** The form's values for an event as stored. */
export function valuesOfEvent(event: AdminEvent): FormValues {
  const c = event.event_photos_config;
  const values: FormValues = {
    name: event.name,
    event_date: event.event_date,
    city: event.city,
    client_name: event.client_name,
    client_logo: event.client_logo,
    banner_image_url: c.banner_config.image_url,
    bib_strategy: [...c.bib_config.strategies],
    bib_threshold: String(Math.round(c.bib_config.global_confidence_threshold * 100)),
    bib_placeholder: c.bib_config.placeholder_text,
    bib_from: c.bib_config.format?.range ? String(c.bib_config.format.range.from) : '',
    bib_to: c.bib_config.format?.range ? String(c.bib_config.format.range.to) : '',
    bib_letters: c.bib_config.format?.letters ?? 'any',
    bib_ignore: c.bib_config.format?.ignore.join(', ') ?? '',
    cta_text: c.cta_config.text,
    cta_url: c.cta_config.url,
    cta_placement: c.cta_config.placement,
    selfie_threshold: String(Math.round(c.selfie_config.match_threshold * 100)),
    face_retention_days: String(c.selfie_config.face_retention_days),
    indexed_faces: c.selfie_config.indexed_faces,
    video_min: String(c.video_config.validation.min_images),
    video_max: String(c.video_config.validation.max_images),
  };
  for (const flag of FLAG_KEYS) if (c.feature_flag[flag]) values[flagField(flag)] = 'on';
  if (c.banner_config.enabled) values.banner_enabled = 'on';
  if (c.cta_config.pass_search) values.cta_pass_search = 'on';
  if (c.video_config.template_enabled) values.video_template = 'on';
  return values;
}

const text = (v: FormValues, k: string) => {
  const value = v[k];
  return typeof value === 'string' ? value : '';
};
const checked = (v: FormValues, k: string) => text(v, k) === 'on';

/** Which form field a refusal of the API's schema is about. */
const FIELD_OF_PATH: Record<string, string> = {
  name: 'name',
  event_date: 'event_date',
  city: 'city',
  client_name: 'client_name',
  client_logo: 'client_logo',
  'event_photos_config.banner_config.image_url': 'banner_image_url',
  'event_photos_config.bib_config.strategies': 'bib_strategy',
  'event_photos_config.bib_config.global_confidence_threshold': 'bib_threshold',
  'event_photos_config.bib_config.placeholder_text': 'bib_placeholder',
  'event_photos_config.bib_config.format.range': 'bib_from',
  'event_photos_config.bib_config.format.range.from': 'bib_from',
  'event_photos_config.bib_config.format.range.to': 'bib_to',
  'event_photos_config.bib_config.format.letters': 'bib_letters',
  'event_photos_config.bib_config.format.ignore': 'bib_ignore',
  'event_photos_config.cta_config.text': 'cta_text',
  'event_photos_config.cta_config.url': 'cta_url',
  'event_photos_config.cta_config.placement': 'cta_placement',
  'event_photos_config.selfie_config.match_threshold': 'selfie_threshold',
  'event_photos_config.selfie_config.face_retention_days': 'face_retention_days',
  'event_photos_config.selfie_config.indexed_faces': 'indexed_faces',
  'event_photos_config.video_config.validation.min_images': 'video_min',
  'event_photos_config.video_config.validation.max_images': 'video_max',
};

/** Plain words for each field's refusal. */
const MESSAGES: Record<string, string> = {
  name: 'Enter the event’s name (at most 160 characters).',
  event_date: 'Enter the date of the event as a real day (YYYY-MM-DD).',
  city: 'The city has at most 120 characters.',
  client_name: 'The client’s name has at most 120 characters.',
  client_logo: 'Enter a full web address starting with https:// (or leave it empty).',
  banner_image_url: 'Enter a full web address starting with https:// (or leave it empty).',
  bib_strategy: 'Choose at least one way bibs are found.',
  bib_threshold: 'Enter a whole number from 0 to 100.',
  bib_placeholder: 'The search box hint has at most 80 characters.',
  bib_from: 'Enter the lowest bib number as a whole number, not above the highest.',
  bib_to: 'Enter the highest bib number as a whole number up to 999999.',
  bib_letters: 'Choose which letters are printed with the numbers.',
  bib_ignore: 'List at most 50 words or numbers, each at most 24 characters, separated by commas.',
  cta_text: 'The button text has at most 60 characters.',
  cta_url: 'Enter a full web address starting with https:// (or leave it empty).',
  cta_placement: 'Choose where the button goes.',
  selfie_threshold: 'Enter a whole number from 30 to 95.',
  face_retention_days: 'Enter a whole number of days, at least 1.',
  indexed_faces: 'Choose whose faces are stored: everyone, or only runners.',
  video_min: 'Enter a whole number from 0 to 500.',
  video_max: 'Enter a whole number from 0 to 500.',
};

function percent(value: string): number {
  const trimmed = value.trim();
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) / 100 : Number.NaN;
}
function whole(value: string): number {
  const trimmed = value.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The bib format the form's fields describe: null when they say nothing (no range, any letters,
 * no words), so an event keeps the reader's general rules. A range needs both ends.
 */
export function bibFormatOfValues(v: FormValues): BibFormat | null | { invalid: string } {
  const from = text(v, 'bib_from').trim();
  const to = text(v, 'bib_to').trim();
  const letters = text(v, 'bib_letters') || 'any';
  const ignore = text(v, 'bib_ignore')
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
  if ((from === '') !== (to === '')) return { invalid: from === '' ? 'bib_from' : 'bib_to' };
  const number = (value: string) => (/^\d{1,6}$/.test(value) ? Number(value) : Number.NaN);
  const range = from === '' ? null : { from: number(from), to: number(to) };
  if (!range && letters === 'any' && ignore.length === 0) return null;
  return {
    range,
    letters: letters as BibFormat['letters'],
    ignore,
  };
}

/** The details of the event (name, date, city): what the creation form has. */
export function detailsOfValues(v: FormValues) {
  return { name: text(v, 'name'), event_date: text(v, 'event_date').trim(), city: text(v, 'city') };
}

/**
 * The patch the whole settings form makes, or each field's refusal. Checkboxes absent from the
 * form are off (the form always carries every flag).
 */
export function patchOfValues(
  v: FormValues,
  stored?: FormValues,
): { ok: true; patch: EventPatch } | { ok: false; errors: FieldErrors } {
  const flags = Object.fromEntries(FLAG_KEYS.map((f) => [f, checked(v, flagField(f))]));
  const strategies = Array.isArray(v.bib_strategy)
    ? v.bib_strategy
    : v.bib_strategy
      ? [v.bib_strategy]
      : [];
  const format = bibFormatOfValues(v);
  if (format && 'invalid' in format)
    return { ok: false, errors: { [format.invalid]: MESSAGES[format.invalid]! } };
  const candidate = {
    ...detailsOfValues(v),
    client_name: text(v, 'client_name'),
    client_logo: text(v, 'client_logo').trim(),
    event_photos_config: {
      feature_flag: flags,
      banner_config: {
        enabled: checked(v, 'banner_enabled'),
        image_url: text(v, 'banner_image_url').trim(),
      },
      bib_config: {
        strategies: strategies.filter((s) => (BIB_STRATEGIES as readonly string[]).includes(s)),
        global_confidence_threshold: percent(text(v, 'bib_threshold')),
        placeholder_text: text(v, 'bib_placeholder'),
        format,
      },
      cta_config: {
        text: text(v, 'cta_text'),
        url: text(v, 'cta_url').trim(),
        placement: text(v, 'cta_placement'),
        pass_search: checked(v, 'cta_pass_search'),
      },
      selfie_config: {
        match_threshold: percent(text(v, 'selfie_threshold')),
        face_retention_days: whole(text(v, 'face_retention_days')),
        // Absent (a form of before the choice): the stored choice stays.
        ...(text(v, 'indexed_faces') ? { indexed_faces: text(v, 'indexed_faces') } : {}),
      },
      video_config: {
        validation: {
          min_images: whole(text(v, 'video_min')),
          max_images: whole(text(v, 'video_max')),
        },
        template_enabled: checked(v, 'video_template'),
      },
    },
  };
  // An address left as stored is not sent again: the API's own assets are stored as paths
  // (/assets/banner.png), which a form may keep but not set.
  if (stored && candidate.client_logo === text(stored, 'client_logo'))
    delete (candidate as { client_logo?: string }).client_logo;
  if (
    stored &&
    candidate.event_photos_config.banner_config.image_url === text(stored, 'banner_image_url')
  )
    delete (candidate.event_photos_config.banner_config as { image_url?: string }).image_url;
  const parsed = eventPatch.safeParse(candidate);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field =
        FIELD_OF_PATH[issue.path.join('.')] ?? FIELD_OF_PATH[issue.path.slice(0, -1).join('.')];
      if (field && !errors[field]) errors[field] = MESSAGES[field]!;
    }
    if (Object.keys(errors).length === 0) errors.form = 'Some settings are not right: check them.';
    return { ok: false, errors };
  }
  const { min_images, max_images } = candidate.event_photos_config.video_config.validation;
  if (min_images > max_images)
    return {
      ok: false,
      errors: { video_min: 'The least number of photos cannot be more than the most.' },
    };
  return { ok: true, patch: parsed.data };
}

/** The creation form's input, or each field's refusal. */
export function inputOfValues(v: FormValues) {
  const details = detailsOfValues(v);
  const parsed = eventPatch
    .pick({ name: true, event_date: true, city: true })
    .required()
    .safeParse(details);
  if (parsed.success) return { ok: true as const, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (MESSAGES[field] && !errors[field]) errors[field] = MESSAGES[field];
  }
  return { ok: false as const, errors };
}

/** A kebab slug like the API's (`kebab-name-id`), for the address an event will have. */
export function slugPreview(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'event'
  );
}
