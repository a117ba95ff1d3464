import type { Collection } from '@/lib/gallery/favourites';
import { resultsText, type GallerySearch } from '@/lib/gallery/search';
import { FAVOURITES_TEXT, SELFIE_RESULTS, photoCount } from './strings';

export interface CountInput {
  collection: Collection | null;
  /** The visitor's favourites (in the favourites view). */
  favourites: number;
  /** A selfie's answer is showing. */
  selfie: boolean;
  search: GallerySearch | null;
  /** The listing's first page has come. */
  started: boolean;
  /** Photos shown, and the listing's total (its count from the provider). */
  photos: number;
  total: number;
  /** The organiser shows the gallery's photo count (show_total_photos_count). */
  showTotal: boolean;
}

/** The line above the grid that counts what it shows, or null when there is nothing to count yet. */
export function countLine(c: CountInput): string | null {
  if (c.collection) return c.collection.kind === 'favourites' ? FAVOURITES_TEXT.count(c.favourites) : null;
  if (c.selfie) return c.photos > 0 ? SELFIE_RESULTS.count(c.photos) : null;
  if (c.search) return c.started && c.photos > 0 ? resultsText(c.search, c.total) : null;
  return c.showTotal && c.started && c.total > 0 ? photoCount(c.total) : null;
}
