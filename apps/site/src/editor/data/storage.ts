import { deserialise, lastTemplateKey, serialise, storageKey } from '../model/serialise';
import { templateKind, type Design, type TemplateKind } from '../model/schema';

/**
 * Autosave in localStorage. Every access is guarded: storage may be disabled (Safari private
 * mode, a blocked cookie policy) or full, and the editor must keep working without it.
 */

export type SaveOutcome = 'saved' | 'full' | 'unavailable';

function storage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

function isQuotaError(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);
}

export function loadDesign(eventId: number, template: TemplateKind): Design | undefined {
  const s = storage();
  if (!s) return undefined;
  let raw: string | null = null;
  try {
    raw = s.getItem(storageKey(eventId, template));
  } catch {
    return undefined;
  }
  const d = deserialise(raw, template);
  // A corrupt entry is removed so it is not parsed again on every visit.
  if (raw && !d) forget(eventId, template);
  return d;
}

export function saveDesign(eventId: number, d: Design): SaveOutcome {
  const s = storage();
  if (!s) return 'unavailable';
  try {
    s.setItem(storageKey(eventId, d.template), serialise(d));
    s.setItem(lastTemplateKey(eventId), d.template);
    return 'saved';
  } catch (e) {
    return isQuotaError(e) ? 'full' : 'unavailable';
  }
}

export function forget(eventId: number, template: TemplateKind): void {
  try {
    storage()?.removeItem(storageKey(eventId, template));
  } catch {
    // Nothing to do: the entry will be overwritten or ignored.
  }
}

export function lastTemplate(eventId: number): TemplateKind | undefined {
  try {
    const parsed = templateKind.safeParse(storage()?.getItem(lastTemplateKey(eventId)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
