import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GALLERY_STRINGS } from '@/components/gallery/strings';
import '@/components/gallery/gallery.css';
import { pageMetadata, siteOrigin } from '@/lib/seo';
import { eventApiBase, getOrganiser, loadEvent, publicApiUrl, visitorForwardedFor } from '@/provider';
import { unlistedMetadata } from '@/components/access/metadata';
import { getRunner, runnerBib } from '@/provider/runner';
import { RunnerView } from './RunnerView';
import { RUNNER_TEXT, runnerHref } from './strings';
import './runner.css';
import { EventLoadFailure } from '@/components/gallery/EventLoadFailure';

export type RunnerParams = { domain: string; eventSlug: string; bib: string };

/** The runner's name when the results know it, else 'Bib 1234'. */
export function runnerWho(bib: string, name: string | null | undefined): string {
  return name?.trim() || RUNNER_TEXT.bibTitle(bib);
}

/**
 * Title '<Name> — <Event>' (or 'Bib <n> — <Event>'), the share image of ./shareImage, and
 * noindex for a private gallery's runner (its photos are found one bib at a time, not listed).
 * Null for an invalid bib or an event that is not this organiser's: the page is a 404.
 */
export async function runnerMetadata({ domain, eventSlug, bib: rawBib }: RunnerParams): Promise<Metadata | null> {
  const bib = runnerBib(rawBib);
  if (!bib) return null;
  const [load, { organiser }] = await Promise.all([loadEvent(domain, eventSlug), getOrganiser(domain)]);
  if (load.kind === 'not-found') return null;
  const path = runnerHref(eventSlug, bib);
  if (load.kind !== 'ok') {
    return unlistedMetadata(load, pageMetadata({ title: RUNNER_TEXT.bibTitle(bib), description: RUNNER_TEXT.description(RUNNER_TEXT.bibTitle(bib), '', organiser.name), siteName: organiser.name, path, origin: siteOrigin(domain), image: null }));
  }
  const { event } = load;
  const flags = event.config.feature_flag;
  const { result } = await getRunner(event.details.id, bib, { photos: false, timing: flags.show_timing_data });
  const who = runnerWho(bib, result?.name);
  const metadata = pageMetadata({
    title: RUNNER_TEXT.title(who, event.details.name),
    description: RUNNER_TEXT.description(who, event.details.name, organiser.name),
    siteName: organiser.name,
    path,
    origin: siteOrigin(domain),
    image: { url: `${path}/og-image`, width: 1200, height: 630 },
  });
  return flags.show_all_images ? unlistedMetadata(load, metadata) : { ...metadata, robots: { index: false, follow: false } };
}

/** The page: the event, then the runner's photos (the visitor's own bib search) and result. */
export async function RunnerPage({ domain, eventSlug, bib: rawBib }: RunnerParams) {
  const bib = runnerBib(rawBib);
  if (!bib) notFound();
  const [load, { organiser }] = await Promise.all([loadEvent(domain, eventSlug), getOrganiser(domain)]);
  if (load.kind === 'not-found') notFound();
  if (load.kind !== 'ok') {
    return (
      <EventLoadFailure
        load={load}
        title={load.kind === 'no-id' ? GALLERY_STRINGS.noId : load.kind === 'mapping-failed' ? GALLERY_STRINGS.mappingFailed : GALLERY_STRINGS.loadFailed}
      />
    );
  }
  const { event } = load;
  const flags = event.config.feature_flag;
  // A runner is a bib: without bib search or results, the event has no runner pages.
  if (!flags.bib_search && !flags.show_timing_data) notFound();
  // A private event's photos are asked for by the visitor, in their browser: none in this HTML.
  const privatePhotos = flags.bib_search && !flags.show_all_images;
  const { page, result } = await getRunner(event.details.id, bib, {
    photos: flags.bib_search && !privatePhotos,
    timing: flags.show_timing_data,
    forwardedFor: await visitorForwardedFor(),
  });
  return <RunnerView event={event} eventSlug={eventSlug} bib={bib} page={page} result={result} apiBase={eventApiBase(publicApiUrl(), load.grant, load.event.details.photo_version)} brand={{ colour: organiser.themeColour, logo: organiser.logo, logoPlate: organiser.logoPlate }} privatePhotos={privatePhotos} />;
}
