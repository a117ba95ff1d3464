import { FACE_RECIPE_VERSION } from '@eventsite/contract/face-recipe';
import type { NewJob } from '../adapters/jobs/types.js';
import type { EventRepository } from '../repositories/events.js';
import type { FaceRepository } from '../repositories/faces.js';
import { photosConfigOf } from './event-config.js';
import type { JobService } from './jobs.js';

/**
 * The `faces` job of a photo whose faces were described under an earlier recipe: one per photo
 * and recipe version, so processes starting together, or again, queue it once.
 */
export function describeAgainJob(
  eventId: number,
  uuid: string,
  recipeVersion = FACE_RECIPE_VERSION,
): NewJob<'faces'> {
  return {
    kind: 'faces',
    payload: { eventId, uuid },
    idempotencyKey: `faces:${uuid}:recipe:${recipeVersion}`,
    eventId,
  };
}

/** Jobs queued per call, as an event run does. */
const CHUNK = 500;

/**
 * Upgrading the descriptor: when the face recipe changes (packages/contract, `FACE_RECIPE_VERSION`),
 * the faces stored before keep the old descriptor and match selfies described the new way less
 * well. At start, each API and worker process queues the `faces` job again for every photo with
 * a face of another version, in events that use selfie search; the job describes the photo's
 * faces anew (hidden faces stay hidden: ingest/faces.ts). The jobs' keys hold the version, so
 * a second process, or a second start, queues nothing new.
 */
export class FaceRecipeUpgrade {
  constructor(
    private readonly faces: Pick<FaceRepository, 'describedOtherwise'>,
    private readonly events: Pick<EventRepository, 'findById'>,
    private readonly jobs: Pick<JobService, 'enqueue'>,
    /** Face detection is on (FACES_ENABLED): otherwise nothing can describe the faces again. */
    private readonly detecting: boolean,
    readonly recipeVersion = FACE_RECIPE_VERSION,
  ) {}

  /** Queues the photos to describe again; how many events and photos. */
  async queueStale(): Promise<{ events: number; photos: number }> {
    if (!this.detecting) return { events: 0, photos: 0 };
    let events = 0;
    let photos = 0;
    for (const [eventId, uuids] of await this.faces.describedOtherwise(this.recipeVersion)) {
      const event = await this.events.findById(eventId);
      // An event without selfie search keeps its faces as they are: its `faces` job would skip.
      if (!event || !photosConfigOf(event).feature_flag.selfie_search) continue;
      events += 1;
      photos += uuids.length;
      for (let i = 0; i < uuids.length; i += CHUNK)
        await this.jobs.enqueue(
          uuids
            .slice(i, i + CHUNK)
            .map((uuid) => describeAgainJob(eventId, uuid, this.recipeVersion)),
        );
    }
    return { events, photos };
  }
}
