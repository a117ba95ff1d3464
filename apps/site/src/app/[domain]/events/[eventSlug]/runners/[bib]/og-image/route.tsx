import { runnerShareImage } from '@/components/runner/shareImage';

type Context = { params: Promise<{ domain: string; eventSlug: string; bib: string }> };

/**
 * The runner page's Open Graph image (1200×630 PNG): up to four of their photos, their name and
 * time. Named og-image, not opengraph-image: Next.js would treat that name as its own metadata
 * route, whose URL carries the organiser's `[domain]` segment, which the proxy adds itself.
 */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return runnerShareImage(await params);
}
