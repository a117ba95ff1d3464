import type { ChangeBus } from '../adapters/changes.js';
import type { Services } from './index.js';

/** The one change every cache hook ends in today: public answers must be made again. */
const ANSWERS = 'answers';
const PUBLISH_AFTER_MS = 100;

/**
 * Keeps the public answer cache coherent across processes. Every change hook of the services
 * (organiser, event, photo added or removed) clears the answer cache; that clear is now also
 * published, and a clear heard from another process drops this process's answers and photo
 * look-ups. Event cover photos keep their own short time to live (organisers.ts).
 */
export function shareChanges(services: Services, bus: ChangeBus): void {
  const answers = services.answers;
  const clearHere = answers.clear.bind(answers);
  // An import clears the cache once per photo: the others hear of a burst once, at its end,
  // at most this long after its first change.
  let pending = false;
  answers.clear = () => {
    clearHere();
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      bus.publish(ANSWERS);
    }, PUBLISH_AFTER_MS).unref();
  };
  bus.subscribe((change) => {
    if (change !== ANSWERS) return;
    clearHere();
    services.photos.forgetLookups();
  });
}
