import { randomBytes } from 'node:crypto';
import type { BlobStores } from '../adapters/blobs.js';
import type { Db } from '../adapters/db/index.js';
import { DatabaseJobQueue } from '../adapters/jobs/db-queue.js';
import type { JobQueue } from '../adapters/jobs/types.js';
import type { JobHandlers } from '../adapters/jobs/worker.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../config.js';
import { BibRepository } from '../repositories/bibs.js';
import { FaceRepository } from '../repositories/faces.js';
import { HideRepository } from '../repositories/hides.js';
import { ContactMessageRepository } from '../repositories/contact.js';
import { EventRepository } from '../repositories/events.js';
import { OrganiserRepository } from '../repositories/organisers.js';
import { PhotoRepository } from '../repositories/photos.js';
import { PhotoProgressRepository } from '../repositories/photo-progress.js';
import { ApiTokenRepository } from '../repositories/tokens.js';
import { AnswerCache } from './answer-cache.js';
import { StillReading } from './still-reading.js';
import { BibService } from './bibs.js';
import { BibReviewService } from './bib-review.js';
import { BibReviewRepository } from '../repositories/bib-review.js';
import { ContactService } from './contact.js';
import { smtpSignInLinkMailer } from '../adapters/mail.js';
import { smtpMailer } from '../adapters/smtp.js';
import { ConsoleAccountService } from './console-accounts.js';
import { ConsoleRepository } from '../repositories/console.js';
import { ConsoleTeamRepository } from '../repositories/console-team.js';
import { ConsoleTeamService } from './console-team.js';
import { ConsoleSignInLinkRepository } from '../repositories/console-sign-in-links.js';
import { ConsoleSignInLinkService } from './console-sign-in-links.js';
import { BrandingService } from './branding.js';
import { DownloadService } from './downloads.js';
import { EventService } from './events.js';
import { EventContentsService } from './event-contents.js';
import { PhotoVisibilityService } from './photo-visibility.js';
import { EventContentsRepository } from '../repositories/event-contents.js';
import {
  type BibReader,
  engineBibReader,
  engineFaceDetector,
  type FaceDetector,
} from './engines.js';
import { FaceIndexes } from './face-indexes.js';
import { FaceRetention } from './face-retention.js';
import { FaceDataService } from './face-data.js';
import { FaceRecipeUpgrade } from './face-recipe-upgrade.js';
import { FaceService } from './faces.js';
import { DEFAULT_FACE_RETENTION_MAX_DAYS } from '../faces/retention.js';
import { BlurredCopies } from './blurred-copies.js';
import { HideService } from './hides.js';
import { createIngestHandlers, ImportService, PhotoMaker } from '../ingest/index.js';
import { JobService } from './jobs.js';
import { LivePhotos } from './live-photos.js';
import { OrganiserService } from './organisers.js';
import { PhotoService, PRERENDERED_WIDTHS } from './photos.js';
import { WatermarkRepository } from '../repositories/watermarks.js';
import { WatermarkService } from './watermarks.js';
import { FrameService } from './frames.js';
import { MarkedCopies } from './marked-copies.js';
import { ApiTokenService } from './tokens.js';
import { UploadService } from './uploads.js';
import { Signal } from './signal.js';
import { SweepService } from './sweep.js';
import { MaintenanceRepository } from '../repositories/maintenance.js';
import { FindabilityRepository } from '../repositories/findability.js';
import { FindabilityService } from './findability.js';
import { AnalyticsRepository } from '../repositories/analytics.js';
import { AnalyticsService } from './analytics.js';
import { SecretRepository } from '../repositories/secrets.js';
import { SignInDevices } from './sign-in-devices.js';
import { EventAccessService } from './event-access.js';

export interface Services {
  /** Serialised public answers, cleared by every change made through this process. */
  answers: AnswerCache;
  organisers: OrganiserService;
  events: EventService;
  /** An event's photo list with states, and deleting an event with everything of it. */
  eventContents: EventContentsService;
  /** Hiding a photo from visitors, showing it again, the event's cover photo. */
  photoVisibility: PhotoVisibilityService;
  photos: PhotoService;
  imports: ImportService;
  contact: ContactService;
  tokens: ApiTokenService;
  /** The console's users, passwords and sessions. */
  console: ConsoleAccountService;
  /** Device tokens of console sign-ins: a known browser's attempts count on their own. */
  signInDevices: SignInDevices;
  /** The console's team: users, removing one, one-time invitations (console-team.ts). */
  team: ConsoleTeamService;
  /** Sign-in links by email; null without a mail server (SMTP_URL). */
  signInLinks: ConsoleSignInLinkService | null;
  /** The organiser's uploaded logo and its events' banners (branding.ts). */
  branding: BrandingService;
  jobs: JobService;
  /** How many of an event's photos a search cannot find yet (told beside its answer). */
  stillReading: StillReading;
  uploads: UploadService;
  downloads: DownloadService;
  bibs: BibService;
  faces: FaceService;
  /** An event's face data: its record and its erase (the console's face data section). */
  faceData: FaceDataService;
  /** Deletes events' face data past their retention (face-retention.ts). */
  faceRetention: FaceRetention;
  /** Describes again the faces stored under an earlier face recipe (run at start). */
  faceRecipeUpgrade: FaceRecipeUpgrade;
  /** "Hide me everywhere": runners' requests to have their face hidden on an event's photos. */
  hides: HideService;
  /** Removes what a crash or a failed job left behind (run at start). */
  sweep: SweepService;
  /** Bibs by hand: the photos whose bibs want a person's eye. */
  bibReview: BibReviewService;
  /** Tells the live galleries that an event's findable photos changed (routes/live.ts). */
  live: LivePhotos;
  /** One handler per job kind (ingest/), for a worker (the API's or the CLI's). */
  jobHandlers: JobHandlers;
  /** How findable an event's photos are, and the searches that found nothing. */
  findability: FindabilityService;
  /** Visitor analytics per event and day, aggregated as counted. */
  analytics: AnalyticsService;
  /** Public, unlisted and password galleries: the level, the password, grants and their check. */
  access: EventAccessService;
  /** An event's watermark: settings, the overlays on variants, the re-rendering job (watermarks.ts). */
  watermarks: WatermarkService;
  /** An event's sponsor frames, and photos put in them (frames.ts). */
  frames: FrameService;
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
  /** The most days any event keeps its face data (FACE_RETENTION_MAX_DAYS, default 365). */
  faceRetentionMaxDays?: number;
  /** Memory the loaded selfie search indexes may take together (default 256 MB). */
  faceIndexBytes?: number;
  /** Contact messages are emailed on to the organiser through this SMTP server (SMTP_URL). */
  smtpUrl?: string | undefined;
  /** The From of those emails (SMTP_FROM). */
  smtpFrom?: string | undefined;
  /** The key gallery grants are signed with (ACCESS_GRANT_SECRET); else one kept in the database. */
  accessGrantSecret?: string | undefined;
}

export function createServices(db: Db, blobs: BlobStores, options: ServiceOptions = {}): Services {
  /** Serialised public answers: every change below clears them. */
  const answers = new AnswerCache();
  /**
   * A photo listed or deleted, its bibs read or tagged: the event's live galleries are told. Faces
   * stored are not: they change no listing or bib search, and a gallery re-asks only those.
   */
  const live = new LivePhotos();
  const eventRepo = new EventRepository(db);
  const organisers = new OrganiserService(new OrganiserRepository(db), eventRepo, () =>
    answers.clear(),
  );
  const photosChanged = (eventId: number) => {
    organisers.forgetCovers(eventId);
    answers.clear();
    live.changed(eventId);
  };
  const photoRepo = new PhotoRepository(db, photosChanged);
  /** Any change to an event: the photo service drops its look-ups, then public answers go. */
  const eventChanges = new Signal();
  const events = new EventService(eventRepo, photoRepo, organisers, () => {
    eventChanges.emit();
    answers.clear();
  });
  const photoProgress = new PhotoProgressRepository(db);
  const jobs = new JobService(options.queue ?? new DatabaseJobQueue(db), events, photoProgress);
  const stillReading = new StillReading(photoProgress);
  const reader =
    (options.ocrEnabled ?? true)
      ? (options.bibReader ?? engineBibReader({ faces: options.facesEnabled ?? true }))
      : undefined;
  const detector =
    (options.facesEnabled ?? true) ? (options.faceDetector ?? engineFaceDetector()) : undefined;
  const bibRepo = new BibRepository(db, (eventId) => live.changed(eventId));
  const faceRepo = new FaceRepository(db);
  const bibs = new BibService(bibRepo, photoRepo, events, reader !== undefined, jobs);
  events.onBibFormatChange = (eventId) => bibs.readEventAgain(eventId);
  const faceIndexes = new FaceIndexes(faceRepo, eventRepo, options.faceIndexBytes);
  const faceRetention = new FaceRetention(
    faceRepo,
    eventRepo,
    faceIndexes,
    options.faceRetentionMaxDays ?? DEFAULT_FACE_RETENTION_MAX_DAYS,
  );
  events.faceRetention = faceRetention;
  events.facesAvailable = detector !== undefined;
  const faces = new FaceService(
    faceRepo,
    photoRepo,
    events,
    jobs,
    faceIndexes,
    bibs,
    detector,
    faceRetention,
  );
  const hideRepo = new HideRepository(db);
  const faceData = new FaceDataService(
    faceRepo,
    hideRepo,
    eventRepo,
    events,
    faceIndexes,
    faceRetention,
  );
  events.onIndexedFacesChange = (event) => faces.indexedFacesChanged(event);
  const blurred = new BlurredCopies(hideRepo, blobs);
  const markedCopies = new MarkedCopies(blobs, blurred);
  const watermarkRepo = new WatermarkRepository(db);
  const watermarks = new WatermarkService(
    watermarkRepo,
    events,
    photoRepo,
    blobs.variants,
    markedCopies,
    jobs,
    () => {
      eventChanges.emit();
      answers.clear();
    },
  );
  events.photoLooks = watermarks;
  const photos = new PhotoService(
    photoRepo,
    events,
    blobs,
    bibs,
    faceIndexes,
    eventChanges,
    blurred,
    watermarks,
    markedCopies,
  );
  const hides = new HideService(
    hideRepo,
    faceRepo,
    bibRepo,
    events,
    faceIndexes,
    jobs,
    photos,
    (eventId) => {
      answers.clear();
      live.changed(eventId);
    },
  );
  bibs.beforeManualTags = (eventId, uuid, tags) => hides.beforeManualTags(eventId, uuid, tags);
  const maker = new PhotoMaker(photoRepo, blobs, photos, options.maxImagePixels);
  const imports = new ImportService(photoRepo, events, maker);
  const jobHandlers = createIngestHandlers({
    blobs,
    events: eventRepo,
    photos: photoRepo,
    bibs: bibRepo,
    faces: faceRepo,
    maker,
    jobs,
    reader,
    detector,
    indexes: faceIndexes,
    hides,
    wornBibs: bibs,
    progress: photoProgress,
    redactor: photos,
    marks: watermarks,
    prerenderedWidths: PRERENDERED_WIDTHS,
  });
  const consoleRepo = new ConsoleRepository(db);
  const consoleAccounts = new ConsoleAccountService(consoleRepo, organisers);
  return {
    answers,
    organisers,
    events,
    eventContents: new EventContentsService(
      events,
      new EventContentsRepository(db),
      blobs,
      faceIndexes,
      photosChanged,
    ),
    photos,
    photoVisibility: new PhotoVisibilityService(
      events,
      eventRepo,
      photoRepo,
      (uuid) => photos.forgetPhoto(uuid),
      photosChanged,
    ),
    imports,
    contact: new ContactService(
      new ContactMessageRepository(db),
      organisers,
      options.smtpUrl ? smtpMailer(options.smtpUrl) : undefined,
      options.smtpFrom,
    ),
    tokens: new ApiTokenService(new ApiTokenRepository(db), organisers),
    console: consoleAccounts,
    signInDevices: new SignInDevices(() =>
      new SecretRepository(db).getOrCreate(
        'console-sign-in-devices',
        randomBytes(32).toString('base64url'),
      ),
    ),
    team: new ConsoleTeamService(
      new ConsoleTeamRepository(db),
      consoleRepo,
      consoleAccounts,
      organisers,
    ),
    signInLinks: options.smtpUrl
      ? new ConsoleSignInLinkService(
          new ConsoleSignInLinkRepository(db),
          consoleRepo,
          consoleAccounts,
          organisers,
          smtpSignInLinkMailer(options.smtpUrl, options.smtpFrom),
        )
      : null,
    branding: new BrandingService(blobs.variants, organisers, events),
    jobs,
    stillReading,
    uploads: new UploadService(
      blobs,
      events,
      jobs,
      {
        maxBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
        maxRequestBytes: options.maxUploadRequestBytes,
        organiserQuotaBytes: options.organiserQuotaBytes,
        maxPixels: options.maxImagePixels,
      },
      (organiserId) => photoRepo.bytesOfOrganiser(organiserId),
    ),
    downloads: new DownloadService(photoRepo, events, blobs, blurred, watermarks, markedCopies),
    findability: new FindabilityService(new FindabilityRepository(db), events),
    analytics: new AnalyticsService(new AnalyticsRepository(db), events),
    bibs,
    bibReview: new BibReviewService(events, new BibReviewRepository(db)),
    faces,
    faceData,
    faceRetention,
    faceRecipeUpgrade: new FaceRecipeUpgrade(faceRepo, eventRepo, jobs, detector !== undefined),
    hides,
    sweep: new SweepService(blobs, new MaintenanceRepository(db)),
    live,
    jobHandlers,
    access: new EventAccessService(events, eventRepo, new SecretRepository(db), {
      secret: options.accessGrantSecret,
    }),
    watermarks,
    frames: new FrameService(
      watermarkRepo,
      events,
      photoRepo,
      blobs.variants,
      watermarks,
      markedCopies,
      () => answers.clear(),
    ),
  };
}
