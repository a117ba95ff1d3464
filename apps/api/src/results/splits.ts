/** A stored result's splits as [label, time] pairs: the array as stored, or an old row's object. */
export function splitsInOrder(stored: unknown): [string, string][] {
  if (Array.isArray(stored)) {
    return stored.filter(
      (pair): pair is [string, string] =>
        Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
    );
  }
  if (stored && typeof stored === 'object') {
    return Object.entries(stored).filter(
      (pair): pair is [string, string] => typeof pair[1] === 'string',
    );
  }
  return [];
}

/**
 * The contract's `splits` object, its keys in race order: JSON keeps an object's insertion order
 * (labels that are whole numbers, e.g. `21`, excepted: JavaScript puts those first, so a file's
 * labels are best words such as `21K`).
 */
export function splitsObject(stored: unknown): Record<string, string> {
  return Object.fromEntries(splitsInOrder(stored));
}
