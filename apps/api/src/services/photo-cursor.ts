import { badRequest } from '../errors.js';
import type { PhotoRow } from '../repositories/photos.js';

/** A position in an event's gallery order, for the client to pass back: the last photo's sort time and id. */
export function encodeCursor(photo: PhotoRow): string {
  return Buffer.from(JSON.stringify([photo.sortAt.toISOString(), photo.uuid])).toString(
    'base64url',
  );
}

const CURSOR_TIME = /^[12]\d{3}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/;
const CURSOR_ERROR = 'cursor is not valid: pass back the next_cursor of the previous page';

export function decodeCursor(cursor: string): { sortAt: Date; uuid: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, uuid] = value as unknown[];
      const sortAt = new Date(String(at));
      if (
        typeof at === 'string' &&
        // Years 1000 to 2999 as our cursors write them: a far-future date is no position.
        CURSOR_TIME.test(at) &&
        typeof uuid === 'string' &&
        /^[0-9a-f-]{36}$/.test(uuid) &&
        !Number.isNaN(sortAt.getTime())
      ) {
        return { sortAt, uuid };
      }
    }
  } catch {
    // fall through
  }
  throw badRequest(CURSOR_ERROR);
}
