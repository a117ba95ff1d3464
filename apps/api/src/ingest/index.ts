/**
 * A photo's ingest, one module per step (one per job kind), in the order ingest/order.ts gives:
 *
 *   photo.ts   `ingest`  uploaded file → original, display variants, row (listed)
 *   bibs.ts    `bibs`    bib OCR (bib search finds the photo)
 *   faces.ts   `faces`   face descriptors (selfie search finds it), events with selfie search only
 *   redact.ts  `redact`  a photo's faces were hidden: its stored copies made again blurred
 *   watermark.ts `watermark` an event's watermark changed: its stored variants made again
 *
 * import.ts runs the first step without a queue (the demo, tests). The steps call services and
 * repositories; services never call the steps.
 */
import type { BlobStores } from '../adapters/blobs.js';
import type { JobHandlers } from '../adapters/jobs/worker.js';
import type { BibRepository } from '../repositories/bibs.js';
import type { EventRepository } from '../repositories/events.js';
import type { FaceRepository } from '../repositories/faces.js';
import type { PhotoRepository } from '../repositories/photos.js';
import type { BibReader, FaceDetector } from '../services/engines.js';
import type { FaceIndexes } from '../services/face-indexes.js';
import type { HideService } from '../services/hides.js';
import type { JobService } from '../services/jobs.js';
import { bibsStep } from './bibs.js';
import { type FacesStepDeps, facesStep } from './faces.js';
import { photoStep, type PhotoMaker } from './photo.js';
import { type Redactor, redactStep } from './redact.js';
import { type Rewatermarker, watermarkStep } from './watermark.js';

export { ImportService, type ImportSource, type ImportSummary } from './import.js';
export { PhotoMaker, type ImportResult, type VariantRenderer } from './photo.js';

export interface IngestDeps {
  blobs: BlobStores;
  events: EventRepository;
  photos: PhotoRepository;
  bibs: BibRepository;
  faces: FaceRepository;
  maker: PhotoMaker;
  jobs: JobService;
  /** Undefined when OCR is off. */
  reader: BibReader | undefined;
  /** Undefined when face detection is off. */
  detector: FaceDetector | undefined;
  indexes: FaceIndexes;
  hides: HideService;
  /** The bibs on a photo as a bib search counts them (the bib service): who are the runners. */
  wornBibs: FacesStepDeps['wornBibs'];
  /** Whether a photo's bibs are still waiting or being read. */
  progress: FacesStepDeps['progress'];
  /** Makes a photo's blurred copies (the photo service). */
  redactor: Redactor;
  /** Makes an event's stored variants again with its watermark (the watermark service). */
  marks: Rewatermarker;
  /** The widths the ingest renders (and the watermark job makes again). */
  prerenderedWidths: readonly number[];
}

/** One handler per job kind. Each is idempotent: a job may run again after a crash or retry. */
export function createIngestHandlers(deps: IngestDeps): JobHandlers {
  return {
    ingest: photoStep({
      blobs: deps.blobs,
      events: deps.events,
      photos: deps.photos,
      maker: deps.maker,
      jobs: deps.jobs,
      ocr: deps.reader !== undefined,
      faces: deps.detector !== undefined,
    }),
    bibs: bibsStep({
      reader: deps.reader,
      events: deps.events,
      photos: deps.photos,
      bibs: deps.bibs,
      blobs: deps.blobs,
      hides: deps.hides,
      jobs: deps.jobs,
      faces: deps.detector !== undefined,
    }),
    faces: facesStep({
      detector: deps.detector,
      events: deps.events,
      photos: deps.photos,
      faces: deps.faces,
      blobs: deps.blobs,
      indexes: deps.indexes,
      hides: deps.hides,
      ocr: deps.reader !== undefined,
      wornBibs: deps.wornBibs,
      progress: deps.progress,
    }),
    redact: redactStep({ redactor: deps.redactor }),
    watermark: watermarkStep({ marks: deps.marks, widths: deps.prerenderedWidths }),
  };
}
