import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { apiUrl, eventApiBase, getOrganiser, loadEvent } from '@/provider';
import { photoUrl } from '@/provider/photo-urls';
import { getRunner, runnerBib } from '@/provider/runner';
import { SHARE_SIZE, ShareCard } from './ShareCard';
import { RUNNER_TEXT } from './strings';

/** Photos in the collage, and the width each is fetched at. */
const COLLAGE_PHOTOS = 4;
const COLLAGE_WIDTH = 640;
/** Link previews are fetched again now and then: ten minutes keeps new photos coming in. */
const CACHE_CONTROL = 'public, max-age=600, stale-while-revalidate=3600';

/**
 * Inter (@fontsource/inter's static WOFF files: next/og reads TTF, OTF and WOFF, not the WOFF2 of
 * app/fonts), looked up from the directory the server runs in: never a font CDN. Without them the
 * image is still drawn, in next/og's own font.
 */
async function interFonts(): Promise<{ name: string; data: ArrayBuffer; weight: 400 | 700 | 800; style: 'normal' }[]> {
  const weights = [400, 700, 800] as const;
  try {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    return await Promise.all(
      weights.map(async (weight) => {
        const file = await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
        return { name: 'Inter', data: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer, weight, style: 'normal' as const };
      }),
    );
  } catch {
    return [];
  }
}

/** A photo as a data: URL (JPEG asked for: next/og draws JPEG and PNG), or null. */
async function photoData(uuid: string, apiBase: string): Promise<string | null> {
  try {
    // Not kept in the site's data cache: the API answers a photo whose runner asked to be hidden
    // blurred from then on (the same URL), and a kept copy would draw the face for ten minutes.
    const response = await fetch(photoUrl(apiBase, uuid, COLLAGE_WIDTH), { headers: { accept: 'image/jpeg' }, cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !/^image\/(jpeg|png)/.test(type)) return null;
    return `data:${type.split(';')[0]};base64,${Buffer.from(await response.arrayBuffer()).toString('base64')}`;
  } catch {
    return null;
  }
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
/** A password gallery's preview, asked for without its grant (a crawler, a link preview): refused. */
const locked = () => new Response('This gallery is protected', { status: 401, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** The runner page's share image: up to four of their photos, their name and time (PNG). */
export async function runnerShareImage({ domain, eventSlug, bib: rawBib }: { domain: string; eventSlug: string; bib: string }): Promise<Response> {
  const bib = runnerBib(rawBib);
  if (!bib) return notFound();
  const [load, { organiser }] = await Promise.all([loadEvent(domain, eventSlug), getOrganiser(domain)]);
  if (load.kind === 'locked') return locked();
  if (load.kind !== 'ok') return notFound();
  const flags = load.event.config.feature_flag;
  const [{ page, result }, fonts] = await Promise.all([
    // A private event's photos are never in a link preview: the card has the name and time only.
    getRunner(load.event.details.id, bib, { photos: flags.bib_search && flags.show_all_images, timing: flags.show_timing_data }),
    interFonts(),
  ]);
  const uuids = page && page !== 'missing' ? page.photos.slice(0, COLLAGE_PHOTOS).map((p) => p.uuid) : [];
  // A password gallery's, drawn for a visitor with its grant: their photos through it, and the
  // image kept by no cache (it is theirs, not the link preview's).
  const apiBase = eventApiBase(apiUrl(), load.grant, load.event.details.photo_version);
  const photos = (await Promise.all(uuids.map((uuid) => photoData(uuid, apiBase)))).filter((p): p is string => p !== null);
  return new ImageResponse(
    (
      <ShareCard
        eventName={load.event.details.name}
        who={result?.name.trim() || RUNNER_TEXT.bibTitle(bib)}
        bib={bib}
        time={result?.net_time ?? result?.gun_time ?? null}
        organiser={organiser.name}
        theme={organiser.themeColour}
        photos={photos}
      />
    ),
    { ...SHARE_SIZE, ...(fonts.length ? { fonts } : {}), headers: { 'cache-control': load.grant ? 'private, no-store' : CACHE_CONTROL } },
  );
}
