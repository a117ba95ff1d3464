import { photoPage, type PhotoPage, type PhotoWidth } from '@eventsite/contract';
import { z } from 'zod';
import '@/lib/zod-jitless';
import { certificateTemplate, raceResult, type CertificateTemplate, type RaceResult } from '../model/certificate';

/**
 * The editor's calls to the provider API. Every answer is an envelope checked with zod; a call
 * that does not exist yet (bib search, results, the organiser's certificate template) answers
 * 404, which each function turns into `undefined` ("not available") rather than an error, so
 * the editor falls back to what the participant types.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const PAGE_SIZE = 60;

function base(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '');
}

async function envelopeData<T extends z.ZodType>(url: string, schema: T, signal?: AbortSignal): Promise<z.infer<T> | undefined> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
  // 404: the endpoint (or the bib) is not there; 501: the provider has not built it.
  if (res.status === 404 || res.status === 501) return undefined;
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ApiError('The server sent an answer we could not read.', res.status);
  }
  const env = z.object({ status: z.string(), message: z.string().optional(), data: z.unknown() }).safeParse(body);
  if (!res.ok || !env.success || env.data.status !== 'success') {
    throw new ApiError(env.success && env.data.message ? env.data.message : `Request failed (${res.status}).`, res.status);
  }
  if (env.data.data === null) return undefined;
  const parsed = schema.safeParse(env.data.data);
  if (!parsed.success) throw new ApiError('The server sent data in a shape we do not know.', res.status);
  return parsed.data;
}

export function photoUrl(apiUrl: string, uuid: string, width: PhotoWidth | number): string {
  return `${base(apiUrl)}/events/photos/${encodeURIComponent(uuid)}?w=${width}`;
}

/**
 * Only what the editor uses from the event config, read leniently: a field the provider adds or
 * leaves out must not stop the editor from opening.
 */
const editorConfig = z.object({
  event_details: z
    .object({
      name: z.string().optional(),
      event_date: z.string().optional(),
      city: z.string().optional(),
      organiser_name: z.string().optional(),
    })
    .passthrough(),
  event_photos_config: z
    .object({
      feature_flag: z
        .object({ download_certificate: z.boolean(), enable_custom_certificate: z.boolean(), bib_search: z.boolean() })
        .partial()
        .passthrough()
        .optional(),
      banner_config: z.object({ enabled: z.boolean(), image_url: z.string() }).partial().optional(),
    })
    .passthrough()
    .optional(),
});
export type EditorConfig = z.infer<typeof editorConfig>;

export function fetchEventConfig(apiUrl: string, eventId: number, signal?: AbortSignal): Promise<EditorConfig | undefined> {
  return envelopeData(`${base(apiUrl)}/api/v1/client/events/${eventId}/config`, editorConfig, signal);
}

export async function fetchPhotos(apiUrl: string, eventId: number, opts: { cursor?: string | null; bib?: string; signal?: AbortSignal } = {}): Promise<PhotoPage | undefined> {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (opts.cursor) q.set('cursor', opts.cursor);
  if (opts.bib) q.set('bib', opts.bib);
  return envelopeData(`${base(apiUrl)}/api/v1/client/events/${eventId}/photos?${q}`, photoPage, opts.signal);
}

export function fetchResult(apiUrl: string, eventId: number, bib: string, signal?: AbortSignal): Promise<RaceResult | undefined> {
  return envelopeData(`${base(apiUrl)}/api/v1/client/events/${eventId}/results/${encodeURIComponent(bib)}`, raceResult, signal);
}

export function fetchCertificateTemplate(apiUrl: string, eventId: number, signal?: AbortSignal): Promise<CertificateTemplate | undefined> {
  return envelopeData(`${base(apiUrl)}/api/v1/client/events/${eventId}/certificate-template`, certificateTemplate, signal);
}

/** The organiser's logo, name and theme colour, read leniently (for a route that passes none). */
const editorOrganiser = z.object({
  name: z.string().optional(),
  logo: z.string().optional(),
  extra_config: z.object({ themeColor: z.string().optional() }).partial().passthrough().optional(),
});
export type EditorOrganiser = z.infer<typeof editorOrganiser>;

/** `GET /api/v1/client/events/organiser/data?app_domain=`: the organiser of the host the visitor is on. */
export function fetchOrganiser(apiUrl: string, host: string, signal?: AbortSignal): Promise<EditorOrganiser | undefined> {
  return envelopeData(`${base(apiUrl)}/api/v1/client/events/organiser/data?app_domain=${encodeURIComponent(host)}`, editorOrganiser, signal);
}
