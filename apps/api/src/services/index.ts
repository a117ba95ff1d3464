import type { BlobStores } from '../adapters/blobs.js';
import type { Db } from '../adapters/db/index.js';
import { DatabaseJobQueue } from '../adapters/jobs/db-queue.js';
import type { JobQueue } from '../adapters/jobs/types.js';
import type { JobHandlers } from '../adapters/jobs/worker.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../config.js';
import { BibRepository } from '../repositories/bibs.js';
import { FaceRepository } from '../repositories/faces.js';
import { ContactMessageRepository } from '../repositories/contact.js';
import { EventRepository } from '../repositories/events.js';
import { OrganiserRepository } from '../repositories/organisers.js';
import { PhotoRepository } from '../repositories/photos.js';
import { ApiTokenRepository } from '../repositories/tokens.js';
import { AnswerCache } from './answer-cache.js';
import { type BibReader, BibService, engineBibReader } from './bibs.js';
import { ContactService } from './contact.js';
import { DownloadService } from './downloads.js';
import { EventService } from './events.js';
import { engineFaceDetector, type FaceDetector, FaceService } from './faces.js';
import { ImportService } from './imports.js';
import { createJobHandlers, JobService } from './jobs.js';
import { OrganiserService } from './organisers.js';
import { PhotoService } from './photos.js';
import { ApiTokenService } from './tokens.js';
import { UploadService } from './uploads.js';
import { SweepService } from './sweep.js';
import { MaintenanceRepository } from '../repositories/maintenance.js';

export interface Services {
  /** Serialised public answers, cleared by every change made through this process. */
  answers: AnswerCache;
  organisers: OrganiserService;
  events: EventService;
  photos: PhotoService;
  imports: ImportService;
  contact: ContactService;
  tokens: ApiTokenService;
  jobs: JobService;
  uploads: UploadService;
  downloads: DownloadService;
  bibs: BibService;
  faces: FaceService;
  /** Removes what a crash or a failed job left behind (run at start). */
  sweep: SweepService;
  /** One handler per job kind, for a worker (the API's or the CLI's). */
  jobHandlers: JobHandlers;
}

export interface ServiceOptions {
  maxUploadBytes?: number;
  /** Most bytes of one upload request (default: no limit beyond the files'). */
  maxUploadRequestBytes?: number;
  /** Most bytes of originals per organiser (default 0: no quota). */
  organiserQuotaBytes?: number;
  /** Largest image accepted, in pixels (default MAX_PHOTO_PIXELS). */
  maxImagePixels?: number;
  /** Bib OCR of ingested photos (default true). */
  ocrEnabled?: boolean;
  /** Another queue than the database's (tests, or BullMQ later). */
  queue?: JobQueue;
  /** Another bib reader than the OCR engine (tests). */
  bibReader?: BibReader;
  /** Face detection of ingested photos for selfie search (default true). */
  facesEnabled?: boolean;
  /** Another face detector than the face engine (tests). */
  faceDetector?: FaceDetector;
  /** Memory the loaded selfie search indexes may take together (default 256 MB). */
  faceIndexBytes?: number;
}

export function createServices(db: Db, blobs: BlobStores, options: ServiceOptions = {}): Services {
  const eventRepo = new EventRepository(db);
  const photoRepo = new PhotoRepository(db);
  const organisers = new OrganiserService(new OrganiserRepository(db), eventRepo);
  const events = new EventService(eventRepo, photoRepo, organisers);
  const photos = new PhotoService(photoRepo, events, blobs);
  const answers = new AnswerCache();
  events.onChange = () => {
    photos.forgetLookups();
    answers.clear();
  };
  organisers.onChange = () => answers.clear();
  photoRepo.onChange = (eventId) => {
    organisers.forgetCovers(eventId);
    answers.clear();
  };
  const imports = new ImportService(photoRepo, events, blobs, options.maxImagePixels);
  const jobs = new JobService(options.queue ?? new DatabaseJobQueue(db));
  const reader =
    (options.ocrEnabled ?? true) ? (options.bibReader ?? engineBibReader()) : undefined;
  const bibRepo = new BibRepository(db);
  const bibs = new BibService(bibRepo, photoRepo, events, blobs, reader);
  photos.search = bibs;
  const detector =
    (options.facesEnabled ?? true) ? (options.faceDetector ?? engineFaceDetector()) : undefined;
  const faces = new FaceService(
    new FaceRepository(db),
    photoRepo,
    events,
    eventRepo,
    jobs,
    blobs,
    detector,
  );
  if (options.faceIndexBytes !== undefined) faces.maxIndexBytes = options.faceIndexBytes;
  photos.onDelete = (eventId, uuid) => faces.forgetPhoto(eventId, uuid);
  faces.bibPhotos = {
    async photosWithBib(event, bib, limit) {
      const filter = await bibs.filterFor(event, { bib });
      const rows = await photoRepo.pageByBibs(event.id, filter, null, limit);
      const wanted = new Set([...filter.manualBibs, ...filter.ocrBibs]);
      return Promise.all(
        rows.map(async (photo) => ({
          uuid: photo.uuid,
          bibBoxes: (await bibRepo.ofPhoto(photo.uuid)).flatMap((r) =>
            wanted.has(r.bib) && r.boxX !== null && r.boxY !== null && r.boxW && r.boxH
              ? [{ x: r.boxX, y: r.boxY, width: r.boxW, height: r.boxH }]
              : [],
          ),
        })),
      );
    },
  };
  const jobHandlers = createJobHandlers({
    blobs,
    events: eventRepo,
    photos: photoRepo,
    imports,
    photoService: photos,
    jobs,
    readBibs: bibs.ocrEnabled ? (eventId, uuid) => bibs.readPhoto(eventId, uuid) : undefined,
    detectFaces: faces.enabled ? (eventId, uuid) => faces.detectPhoto(eventId, uuid) : undefined,
  });
  return {
    answers,
    organisers,
    events,
    photos,
    imports,
    contact: new ContactService(new ContactMessageRepository(db), organisers),
    tokens: new ApiTokenService(new ApiTokenRepository(db), organisers),
    jobs,
    uploads: new UploadService(
      blobs,
      jobs,
      {
        maxBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
        maxRequestBytes: options.maxUploadRequestBytes,
        organiserQuotaBytes: options.organiserQuotaBytes,
        maxPixels: options.maxImagePixels,
      },
      (organiserId) => photoRepo.bytesOfOrganiser(organiserId),
    ),
    downloads: new DownloadService(photoRepo, events, blobs),
    bibs,
    faces,
    sweep: new SweepService(blobs, new MaintenanceRepository(db)),
    jobHandlers,
  };
}
