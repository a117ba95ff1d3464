import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@/lib/console-security';
import { photoPreview } from '@/provider/console-photos';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The API's refusals the visitor is told as they are: they are about the visitor's request. */
const PASSED_ON = new Set([401, 403, 404, 429]);

function refusal(status: number, message: string, retryAfter: string | null = null): Response {
  return Response.json(
    { status: 'error', code: status, message },
    {
      status,
      headers: {
        'cache-control': 'no-store',
        ...(retryAfter ? { 'retry-after': retryAfter } : {}),
      },
    },
  );
}

/**
 * A photo's thumbnail for the console (hidden or not), streamed from the admin API. A refusal of
 * the API (an ended session, a photo of another organiser, too many failed sign-ins from this
 * address) reaches the visitor with its status and words; only an API that failed or did not
 * answer is a 502.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return refusal(401, 'Sign in to the console to see this photo.');
  if (!UUID.test(uuid)) return refusal(404, 'No such photo.');
  const upstream = await photoPreview(token, uuid);
  if (!upstream) return refusal(502, 'The photo service did not answer: try again in a moment.');
  if (!upstream.ok) {
    const body = (await upstream.json().catch(() => null)) as { message?: unknown } | null;
    if (!PASSED_ON.has(upstream.status))
      return refusal(502, 'The photo service failed: try again in a moment.');
    return refusal(
      upstream.status,
      typeof body?.message === 'string' ? body.message : 'This photo cannot be shown.',
      upstream.headers.get('retry-after'),
    );
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': upstream.headers.get('content-type') ?? 'image/jpeg',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  });
}
