/** Logos and other assets the API hosts are stored as paths and made absolute per response. */
export const ASSET_PATH_PREFIX = '/assets/';

export function absoluteAssetUrl(stored: string, origin: string): string {
  return stored.startsWith(ASSET_PATH_PREFIX) ? `${origin}${stored}` : stored;
}

/** kebab-case of an event name, ASCII only: "Zürich Night Run 2025" → "zurich-night-run-2025". */
export function kebabCase(name: string): string {
  const kebab = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return kebab === '' ? 'event' : kebab;
}

/**
 * `{kebab-case name}-{id}`: the site takes the id back as the part after the last hyphen. An
 * unlisted event's carries the key of its link before the id (`{name}-{key}-{id}`): its link
 * opens it, its id alone does not.
 */
export function eventSlug(name: string, id: number, linkKey?: string | null): string {
  return linkKey ? `${kebabCase(name)}-${linkKey}-${id}` : `${kebabCase(name)}-${id}`;
}
