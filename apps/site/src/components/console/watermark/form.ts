import {
  DEFAULT_WATERMARK,
  type EventWatermark,
  WATERMARK_KINDS,
  WATERMARK_POSITIONS,
  type WatermarkInput,
  watermarkInput,
  watermarkProblem,
} from '@eventsite/contract';

/** The settings form as typed: opacity and size in whole percent. */
export interface WatermarkDraft {
  enabled: boolean;
  kind: (typeof WATERMARK_KINDS)[number];
  text: string;
  position: (typeof WATERMARK_POSITIONS)[number];
  /** 10 to 100. */
  opacity: number;
  /** 5 to 80. */
  size: number;
  on_downloads: boolean;
}

export type WatermarkField = keyof WatermarkDraft | 'form';

/** The form's values of saved settings (or the defaults of an event that has none). */
export function draftOf(
  mark: Omit<EventWatermark, 'image_url' | 'version' | 'rerendering'> = DEFAULT_WATERMARK,
): WatermarkDraft {
  return {
    enabled: mark.enabled,
    kind: mark.kind,
    text: mark.text,
    position: mark.position,
    opacity: Math.round(mark.opacity * 100),
    size: Math.round(mark.size * 100),
    on_downloads: mark.on_downloads,
  };
}

const pick = <T extends string>(value: unknown, choices: readonly T[], fallback: T): T =>
  typeof value === 'string' && (choices as readonly string[]).includes(value)
    ? (value as T)
    : fallback;

const percent = (value: unknown, fallback: number) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** The draft a posted form holds (anything missing or unreadable: the defaults). */
export function draftOfForm(form: FormData): WatermarkDraft {
  const d = draftOf();
  return {
    enabled: form.get('enabled') === 'on',
    kind: pick(form.get('kind'), WATERMARK_KINDS, d.kind),
    text: String(form.get('text') ?? '').slice(0, 200),
    position: pick(form.get('position'), WATERMARK_POSITIONS, d.position),
    opacity: percent(form.get('opacity'), d.opacity),
    size: percent(form.get('size'), d.size),
    on_downloads: form.get('on_downloads') === 'on',
  };
}

/**
 * The admin API's input for a draft, checked with the contract's own schema and rule (a text mark
 * needs text, an image mark an image), or the first problem found, by field.
 */
export function inputOfDraft(
  draft: WatermarkDraft,
  hasImage: boolean,
): { ok: true; input: WatermarkInput } | { ok: false; field: WatermarkField; message: string } {
  const parsed = watermarkInput.safeParse({
    ...draft,
    opacity: draft.opacity / 100,
    size: draft.size / 100,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      field: (issue.path[0] as WatermarkField) ?? 'form',
      message: issue.message,
    };
  }
  const problem = watermarkProblem({ ...draft, text: parsed.data.text ?? '' }, hasImage);
  if (problem) return { ok: false, field: problem.field, message: problem.message };
  return { ok: true, input: parsed.data };
}

/** A draft carried through a redirect (base64url JSON), read back leniently. */
export function encodeDraft(draft: WatermarkDraft): string {
  return Buffer.from(JSON.stringify(draft)).toString('base64url');
}

export function decodeDraft(value: string | undefined): WatermarkDraft | null {
  if (!value || value.length > 2000) return null;
  try {
    const raw = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const form = new FormData();
    for (const [k, v] of Object.entries(raw))
      if (typeof v === 'string' || typeof v === 'number') form.set(k, String(v));
      else if (v === true) form.set(k, 'on');
    return draftOfForm(form);
  } catch {
    return null;
  }
}
