import { DEFAULT_EVENT_PHOTOS_CONFIG, type EventPhotosConfig } from '@eventsite/contract';
import type { EventRow } from '../repositories/events.js';
import { mergeDeep } from './merge.js';

/**
 * An event's configuration as served: the defaults with what the operator stored laid over them.
 * Its own module, so that every service reading a flag (organisers, photos, bibs, faces, jobs,
 * downloads) depends on this and not on the event service.
 */
export function photosConfigOf(row: Pick<EventRow, 'photosConfig'>): EventPhotosConfig {
  return mergeDeep(DEFAULT_EVENT_PHOTOS_CONFIG, row.photosConfig);
}
