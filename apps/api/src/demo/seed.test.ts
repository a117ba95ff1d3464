import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  allEvents,
  DEFAULT_PHOTO_PAGE_SIZE,
  envelope,
  eventConfig,
  extraConfigPatch,
  organiserData,
} from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { createCliSandbox, type CliRun } from '../test-support/cli.js';
import { DEMO_ORGANISERS } from './data.js';
import { PRERENDERED_WIDTHS, variantKey } from '../services/photos.js';
import { GROUND_TRUTH_FILE, type GroundTruth } from './seed.js';

let box: Awaited<ReturnType<typeof createCliSandbox>>;
let run: CliRun;
let runtime: Runtime;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  box = await createCliSandbox();
  // A small version of the demo: every organiser and event, a few photos each.
  run = await box.run('demo', '--scale', '0.02');
  const config = loadConfig(box.env);
  runtime = await openRuntime(config, 'api');
  // No worker: the demo's queued work stays as the demo left it.
  app = await buildApp({
    config,
    database: runtime.database,
    blobs: runtime.blobs,
    logger: false,
    worker: false,
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await box.close();
});

const get = (url: string) =>
  app.inject({ method: 'GET', url, headers: { host: 'localhost:4000' } });

describe('demo', () => {
  it('prints a summary and records the ground truth', async () => {
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(/^Creating the demo: 2 organisers, 26 events, \d+ rendered photos/);
    expect(
      run.out.some((l) =>
        l.startsWith('  City Marathon Photos on localhost: 14 events (1 unpublished)'),
      ),
    ).toBe(true);
    expect(
      run.out.some((l) =>
        l.startsWith('  Alpine Trail Series on trail.localhost: 12 events (1 unpublished)'),
      ),
    ).toBe(true);
    const truth = JSON.parse(
      await readFile(path.join(box.dataDir, GROUND_TRUTH_FILE), 'utf8'),
    ) as GroundTruth;
    expect(truth.events).toHaveLength(26);
    expect(truth.photos.length).toBe(truth.events.reduce((n, e) => n + e.photos, 0));
    const withBibs = truth.photos.filter((p) => p.bibs.length > 0);
    expect(withBibs.length).toBeGreaterThan(0);
    const bib = withBibs[0]!.bibs[0]!;
    expect(bib.bib).toMatch(/^\d+$/);
    expect(bib.box.width).toBeGreaterThan(0);
  });

  it("leaves the photos of each gallery's first page with their display widths rendered, as an ingest job does", async () => {
    const truth = JSON.parse(
      await readFile(path.join(box.dataDir, GROUND_TRUTH_FILE), 'utf8'),
    ) as GroundTruth;
    // At this scale every event fits on one page of the gallery.
    expect(Math.max(...truth.events.map((e) => e.photos))).toBeLessThanOrEqual(
      DEFAULT_PHOTO_PAGE_SIZE,
    );
    for (const photo of truth.photos)
      for (const width of PRERENDERED_WIDTHS)
        expect(await runtime.blobs.variants.has(variantKey(photo.uuid, width, 'webp'))).toBe(true);
    // The gallery's first tiles come from those files: no photo is rendered on the first visit.
    const before = app.services.photos.renders;
    const first = truth.photos[0]!;
    const tile = await app.inject({
      method: 'GET',
      url: `/events/photos/${first.uuid}?w=480`,
      headers: { host: 'localhost:4000', accept: 'image/webp,*/*' },
    });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/webp');
    expect(app.services.photos.renders).toBe(before);
  });

  it('serves localhost with absolute logo URLs that work', async () => {
    const body = envelope(organiserData).parse(
      (await get('/api/v1/client/events/organiser/data?app_domain=localhost')).json(),
    );
    expect(body.data.name).toBe('City Marathon Photos');
    expect(body.data.logo).toBe('http://localhost:4000/assets/city-marathon-photos.png');
    expect((await get('/assets/city-marathon-photos.png')).statusCode).toBe(200);
    expect(body.data.extra_config.headerCta).toMatchObject({ text: 'Register', position: 'right' });
    expect(body.data.extra_config.footer_config.hide9picBranding).toBe(false);
    expect(body.data.recent_events).toHaveLength(12);
    expect(body.data.recent_events[0]!.event_name).toBe('Harbour City Marathon 2026');
    // Covers show every event's photos but the private one's (found by search only).
    for (const e of body.data.recent_events)
      expect(e.event_photos.length > 0).toBe(e.event_name !== 'Spring Riverside 10K');
  });

  it("gives each demo organiser a branding the console's own rules accept, icons that load", async () => {
    // The console saves the whole branding at once: one link it refuses blocks every save.
    for (const domain of ['localhost', 'trail.localhost']) {
      const body = envelope(organiserData).parse(
        (await get(`/api/v1/client/events/organiser/data?app_domain=${domain}`)).json(),
      );
      const checked = extraConfigPatch.safeParse(body.data.extra_config);
      expect(checked.error?.issues ?? []).toEqual([]);
      const links = body.data.extra_config.footer_config.socialMediaLinks;
      expect(links.length).toBeGreaterThan(0);
      // No icon on a host that does not answer: each link shows the site's own icon.
      expect(links.map((l) => l.icon)).toEqual(links.map(() => ''));
    }
  });

  it('serves trail.localhost with its own look and events only', async () => {
    const body = envelope(organiserData).parse(
      (await get('/api/v1/client/events/organiser/data?app_domain=trail.localhost')).json(),
    );
    expect(body.data.name).toBe('Alpine Trail Series');
    expect(body.data.extra_config).toMatchObject({
      headerDesign: 'fill',
      headerCta: { position: 'left' },
    });
    expect(body.data.extra_config.footer_config.hide9picBranding).toBe(true);
    expect(body.data.extra_config.themeColor).not.toBe('#C2410C');
    const all = envelope(allEvents).parse(
      (
        await get(
          '/api/v1/client/events/organiser/all-events?app_domain=trail.localhost&page_size=100',
        )
      ).json(),
    );
    const trailNames = DEMO_ORGANISERS[1]!.events.filter((e) => e.published).map((e) => e.name);
    expect(all.data.events.map((e) => e.event_name).sort()).toEqual([...trailNames].sort());
  });

  it('shows every feature across its events, with artwork that loads', async () => {
    const truth = JSON.parse(
      await readFile(path.join(box.dataDir, GROUND_TRUTH_FILE), 'utf8'),
    ) as GroundTruth;
    const shown = new Set<string>();
    for (const event of truth.events.filter((e) => e.published)) {
      const res = await get(`/api/v1/client/events/${event.id}/config`);
      expect(res.statusCode).toBe(200);
      const { event_details: details, event_photos_config: config } = envelope(eventConfig).parse(
        res.json(),
      ).data;
      for (const [flag, on] of Object.entries(config.feature_flag)) if (on) shown.add(flag);
      if (!config.feature_flag.show_all_images) shown.add('privacy mode');
      for (const url of [
        config.banner_config.enabled ? config.banner_config.image_url : '',
        details.client.logo,
      ].filter(Boolean)) {
        expect(url).toMatch(/^http:\/\/localhost:4000\/assets\/[a-z0-9-]+\.png$/);
        const image = await get(new URL(url).pathname);
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        shown.add(url === details.client.logo ? 'co-brand logo' : 'banner');
      }
      if (config.feature_flag.enable_custom_certificate) {
        const template = await get(`/api/v1/client/events/${event.id}/certificate-template`);
        expect(template.statusCode).toBe(200);
        const background = template.json().data.background_url as string;
        expect((await get(new URL(background).pathname)).statusCode).toBe(200);
      }
    }
    for (const feature of [
      'bib_search',
      'name_search',
      'selfie_search',
      'show_timing_data',
      'bulk_download',
      'download_certificate',
      'enable_custom_certificate',
      'cta_enabled',
      'client_enabled',
      'privacy mode',
      'banner',
      'co-brand logo',
    ])
      expect([...shown]).toContain(feature);
  });

  it('queues the bib and face work of its photos for the API to do after start', async () => {
    const backlog = await app.services.jobs.backlog();
    const truth = JSON.parse(
      await readFile(path.join(box.dataDir, GROUND_TRUTH_FILE), 'utf8'),
    ) as GroundTruth;
    expect(backlog.bibs.queued).toBe(truth.photos.length);
    const selfieEvents = DEMO_ORGANISERS.flatMap((o) => o.events).filter(
      (e) => (e.features?.feature_flag as { selfie_search?: boolean } | undefined)?.selfie_search,
    );
    expect(selfieEvents.length).toBeGreaterThan(0);
    const selfiePhotos = truth.photos.filter((p) =>
      selfieEvents.some((e) => truth.events.find((t) => t.id === p.event_id)?.name === e.name),
    ).length;
    expect(backlog.faces.queued).toBe(selfiePhotos);
  });
});
