import { and, isNull, type SQL } from 'drizzle-orm';
import { photos } from '../adapters/db/schema.js';

/**
 * A photo visitors may see: not hidden by its organiser (hidden photos are kept, never served),
 * nor held back until its `faces` job checked it against the event's hide requests.
 */
export const shown: SQL = and(isNull(photos.hiddenAt), isNull(photos.heldAt))!;
