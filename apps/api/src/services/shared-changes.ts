import { type ChangeBus, RESYNC } from '../adapters/changes.js';
import type { Services } from './index.js';

/** The change every cache hook ends in: public answers must be made again. */
const ANSWERS = 'answers';
const PUBLISH_AFTER_MS = 100;
/** `faces <eventId> <photo uuid | *>`: an event's faces changed (selfie search indexes). */
const FACES = 'faces';

/**
 * Keeps the public answer cache coherent across processes. Every change hook of the services
 * (organiser, event, photo added or removed) clears the answer cache; that clear is now also
 * published, and a clear heard from another process drops this process's answers and photo
 * look-ups. Event cover photos keep their own short time to live (organisers.ts).
 *
 * Face changes (a photo's faces made again by a worker, a photo deleted, an event's face data
 * deleted) are published as they happen; a process with that event's selfie search index loaded
 * takes the photo's faces from the database (or drops the index, loaded again on its next search).
 */
export function shareChanges(services: Services, bus: ChangeBus): SharedChanges {
  const answers = services.answers;
  // An import clears the cache once per photo: the others hear of a burst once, at its end,
  // at most this long after its first change.
  let pending: NodeJS.Timeout | undefined;
  const publishAnswers = () => {
    clearTimeout(pending);
    pending = undefined;
    bus.publish(ANSWERS);
  };
  answers.cleared.listen(() => {
    if (pending) return;
    pending = setTimeout(publishAnswers, PUBLISH_AFTER_MS);
    pending.unref();
  });
  // Live galleries: photo changes, coalesced per event (live-photos.ts).
  services.live.share(bus);
  services.faces.indexes.changes.listen(({ eventId, photoUuid }) =>
    bus.publish(`${FACES} ${eventId} ${photoUuid}`),
  );
  bus.subscribe((change) => {
    if (change === ANSWERS || change === RESYNC) {
      answers.drop();
      services.photos.forgetLookups();
      // Face changes may have been missed: every index is read again on its next search.
      if (change === RESYNC) services.faces.forgetIndexes();
      return;
    }
    const [kind, event, photoUuid] = change.split(' ');
    if (kind === FACES && event && photoUuid && /^\d+$/.test(event))
      void services.faces.refresh({ eventId: Number(event), photoUuid });
  });
  return {
    flush() {
      if (pending) publishAnswers();
      services.live.flush();
    },
  };
}

/** What a process that shares its changes may still hold back (bursts are published at their end). */
export interface SharedChanges {
  /**
   * Publishes at once what is held back: a short-lived process (a CLI command) calls it before it
   * closes the bus, so that its last changes are not lost with its timers.
   */
  flush(): void;
}
