import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_PHOTO_PAGE_SIZE,
  type EventInput,
  eventInput,
  organiserInput,
} from '@eventsite/contract';
import type { Services } from '../services/index.js';
import { ASSET_PATH_PREFIX } from '../services/urls.js';
import { DEMO_ORGANISERS, type DemoEvent, type DemoOrganiser } from './data.js';
import { demoResultsCsv } from './results.js';
import { renderRaceSeries, type SceneBib } from './scene/index.js';

export const GROUND_TRUTH_FILE = 'demo-ground-truth.json';

/**
 * The demo's bib and face work runs after everything uploaded later: an organiser's (or a test's)
 * new photos are not kept waiting behind the demo's backlog of some two thousand jobs.
 */
const DEMO_BACKLOG_PRIORITY = 10;

export interface GroundTruthPhoto {
  uuid: string;
  event_id: number;
  captured_at: string;
  width: number;
  height: number;
  /** Boxes in the photo's pixels. */
  bibs: SceneBib[];
}

export interface GroundTruth {
  version: 1;
  generated_at: string;
  organisers: Array<{ id: number; name: string; domains: string[] }>;
  events: Array<{
    id: number;
    organiser_id: number;
    name: string;
    slug: string;
    published: boolean;
    photos: number;
  }>;
  photos: GroundTruthPhoto[];
}

export interface DemoOptions {
  dataDir: string;
  /** Total photo count scale, for tests (1 = the full demo). */
  scale?: number;
  /**
   * At most this many photos in every event but the flagship (the browser tests' demo: one large
   * gallery, the rest small). Unset: every event at its size.
   */
  smallEvents?: number;
  /** Photos rendered and imported at once. */
  concurrency?: number;
  onPhoto?: () => void;
  log?: (line: string) => void;
}

export function demoPhotoCount(
  organisers: DemoOrganiser[] = DEMO_ORGANISERS,
  scale = 1,
  smallEvents?: number,
): number {
  return organisers
    .flatMap((o) => o.events)
    .reduce((n, e) => n + eventPhotoCount(e, scale, smallEvents), 0);
}

/** An event's photo count at `scale`, and at most `smallEvents` unless it is the flagship. */
function eventPhotoCount(spec: DemoEvent, scale: number, smallEvents?: number): number {
  const count = Math.max(1, Math.round(spec.photos * scale));
  return smallEvents === undefined || spec.flagship ? count : Math.min(count, smallEvents);
}

/**
 * A demo event as an operator would create it: its features validated by the contract, then the
 * artwork the API hosts set as paths (an operator gives absolute URLs; these become absolute per
 * response, whatever host the API is reached on).
 */
export function demoEventInput(spec: DemoEvent): EventInput {
  const input = eventInput.parse({
    name: spec.name,
    event_date: spec.date,
    city: spec.city,
    published: spec.published,
    event_photos_config: spec.features ?? {},
  });
  if (spec.bannerAsset)
    input.event_photos_config.banner_config = {
      enabled: true,
      image_url: `${ASSET_PATH_PREFIX}${spec.bannerAsset}`,
    };
  if (spec.client) {
    input.client_name = spec.client.name;
    input.client_logo = `${ASSET_PATH_PREFIX}${spec.client.logoAsset}`;
  }
  return input;
}

/** Creates the demo organisers, events and photos (rendered race scenes), and records the ground truth. */
export async function createDemo(services: Services, options: DemoOptions): Promise<GroundTruth> {
  const scale = options.scale ?? 1;
  const concurrency = options.concurrency ?? 3;
  const truth: GroundTruth = {
    version: 1,
    generated_at: new Date().toISOString(),
    organisers: [],
    events: [],
    photos: [],
  };
  let seed = 1000;
  for (const demo of DEMO_ORGANISERS) {
    const input = organiserInput.parse(demo.config);
    input.logo = `${ASSET_PATH_PREFIX}${demo.logoAsset}`;
    const { id: organiserId } = await services.organisers.apply(input);
    truth.organisers.push({ id: organiserId, name: input.name, domains: input.domains });
    const domain = input.domains[0]!;
    // Oldest first, so event ids grow with dates like a real history.
    for (const spec of [...demo.events].sort((a, b) => a.date.localeCompare(b.date))) {
      const event = await services.events.create(domain, demoEventInput(spec));
      if (spec.certificate) {
        const { backgroundAsset, ...template } = spec.certificate;
        await services.bibs.setTemplate(event.id, null, {
          ...template,
          background_url: `${ASSET_PATH_PREFIX}${backgroundAsset}`,
        });
      }
      const count = eventPhotoCount(spec, scale, options.smallEvents);
      const pending = new Set<Promise<void>>();
      const known = new Set<string>();
      for await (const frame of renderRaceSeries({
        count,
        seed: seed++,
        eventName: spec.name,
        start: new Date(`${spec.date}T08:30:00Z`),
        concurrency,
      })) {
        const job = services.imports
          .importOne(
            event.id,
            { name: `${event.slug}-${frame.index + 1}.jpg`, read: async () => frame.jpeg },
            known,
          )
          .then(async (result) => {
            if (result.status === 'imported') {
              // The display widths of each gallery's first page (frames come in capture order),
              // as an ingest job makes them for every photo: a visitor's first look at a demo
              // gallery is served from files, as it is for photos an organiser uploads. The rest
              // are rendered on first request, which keeps the demo's start short.
              if (frame.index < DEFAULT_PHOTO_PAGE_SIZE)
                await services.photos.prerender(result.uuid, frame.jpeg, event.id);
              truth.photos.push({
                uuid: result.uuid,
                event_id: event.id,
                captured_at: frame.capturedAt.toISOString(),
                width: frame.width,
                height: frame.height,
                bibs: frame.bibs,
              });
            } else {
              options.log?.(
                `Photo ${frame.index + 1} of '${spec.name}' was ${result.status}: ${result.reason}`,
              );
            }
            options.onPhoto?.();
          })
          .finally(() => pending.delete(job));
        pending.add(job);
        if (pending.size >= concurrency) await Promise.race(pending);
      }
      await Promise.all(pending);
      const eventPhotos = truth.photos.filter((p) => p.event_id === event.id);
      if (spec.results) {
        // Results for the big events: the runners are the bibs in the photos.
        const csv = demoResultsCsv(
          eventPhotos.flatMap((p) => p.bibs.map((b) => b.bib)),
          event.id * 7919,
        );
        await services.bibs.importResults(event.id, null, Buffer.from(csv, 'utf8'), undefined);
      }
      // Bib OCR runs in the API's worker after start: the demo does not wait for it, and the
      // gallery's bib search fills in as the jobs complete (GET .../jobs shows progress).
      if (services.bibs.ocrEnabled && eventPhotos.length > 0) {
        await services.jobs.enqueue(
          eventPhotos.map((p) => ({
            kind: 'bibs' as const,
            payload: { eventId: event.id, uuid: p.uuid },
            idempotencyKey: `bibs:${p.uuid}`,
            eventId: event.id,
            priority: DEMO_BACKLOG_PRIORITY,
          })),
        );
      }
      // Likewise the faces, for the events with selfie search.
      if (
        services.faces.enabled &&
        event.event_photos_config.feature_flag.selfie_search &&
        eventPhotos.length > 0
      ) {
        await services.jobs.enqueue(
          eventPhotos.map((p) => ({
            kind: 'faces' as const,
            payload: { eventId: event.id, uuid: p.uuid },
            idempotencyKey: `faces:${p.uuid}`,
            eventId: event.id,
            priority: DEMO_BACKLOG_PRIORITY,
          })),
        );
      }
      truth.events.push({
        id: event.id,
        organiser_id: organiserId,
        name: event.name,
        slug: event.slug,
        published: event.published,
        photos: truth.photos.filter((p) => p.event_id === event.id).length,
      });
    }
  }
  truth.photos.sort(
    (a, b) => a.event_id - b.event_id || a.captured_at.localeCompare(b.captured_at),
  );
  await writeFile(
    path.join(options.dataDir, GROUND_TRUTH_FILE),
    `${JSON.stringify(truth, null, 1)}\n`,
  );
  return truth;
}
