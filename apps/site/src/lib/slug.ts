/** What a caller may hand over as an event reference: a slug, an id, or an object carrying one. */
export type EventRef =
  | string
  | number
  | { id?: unknown; event_id?: unknown; eventId?: unknown; slug?: unknown; eventSlug?: unknown }
  | null
  | undefined;

const DIGITS = /^\d+$/;

function fromDigits(value: string): number | null {
  if (!DIGITS.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

function fromString(slug: string): number | null {
  const whole = fromDigits(slug);
  if (whole !== null) return whole;
  const dash = slug.lastIndexOf('-');
  return dash >= 0 ? fromDigits(slug.slice(dash + 1)) : null;
}

function fromValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string') return fromString(value);
  return null;
}

/**
 * The numeric event id of a slug. `42` gives 42; `city-run-2026-42` gives 42 (the part
 * after the last hyphen); anything else warns and gives null. An object carrying `id`,
 * `event_id` or `eventId` (or a `slug`) is accepted as well.
 */
export function eventIdFromSlug(ref: EventRef): number | null {
  let id: number | null = null;
  if (ref !== null && typeof ref === 'object') {
    for (const key of ['id', 'event_id', 'eventId', 'slug', 'eventSlug'] as const) {
      id = fromValue(ref[key]);
      if (id !== null) break;
    }
  } else {
    id = fromValue(ref);
  }
  if (id === null) console.warn('Could not get an event id from the event slug:', ref);
  return id;
}

/** The same rule without the warning: for checking slugs the API sends. */
export function parseEventSlug(slug: string): number | null {
  return fromString(slug);
}
