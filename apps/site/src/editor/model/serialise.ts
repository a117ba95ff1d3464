import { z } from 'zod';
import '@/lib/zod-jitless';
import { design, type Design, type TemplateKind } from './schema';

/** What autosave writes: the design and when, so a stale entry could be told apart later. */
export const savedDesign = z.object({ savedAt: z.string(), design });
export type SavedDesign = z.infer<typeof savedDesign>;

/** One entry per event and template: a story and a certificate of one event do not overwrite each other. */
export function storageKey(eventId: number, template: TemplateKind): string {
  return `eventsite.promo.v1.${eventId}.${template}`;
}
export function lastTemplateKey(eventId: number): string {
  return `eventsite.promo.v1.${eventId}.template`;
}

export function serialise(d: Design, now: Date = new Date()): string {
  return JSON.stringify({ savedAt: now.toISOString(), design: d } satisfies SavedDesign);
}

/**
 * The saved design, or undefined when the entry is missing, not JSON, from another version, or
 * fails the schema in any way (an unknown element type, a javascript: image URL, a NaN): the
 * editor then starts from the template instead of crashing on someone's corrupt storage.
 */
export function deserialise(raw: string | null | undefined, expected?: TemplateKind): Design | undefined {
  if (!raw) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = savedDesign.safeParse(json);
  if (!parsed.success) return undefined;
  if (expected && parsed.data.design.template !== expected) return undefined;
  const ids = new Set<string>();
  for (const e of parsed.data.design.elements) {
    if (ids.has(e.id)) return undefined;
    ids.add(e.id);
  }
  return parsed.data.design;
}
