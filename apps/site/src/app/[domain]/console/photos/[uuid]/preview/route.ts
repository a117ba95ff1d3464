import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@/lib/console-security';
import { photoPreview } from '@/provider/console-photos';

export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A photo's thumbnail for the console (hidden or not), streamed from the admin API. */
export async function GET(_request: Request, { params }: { params: Promise<{ uuid: string }> }) {
  const { uuid } = await params;
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token || !UUID.test(uuid)) return new Response(null, { status: token ? 404 : 401 });
  const upstream = await photoPreview(token, uuid);
  if (!upstream) return new Response(null, { status: 502 });
  if (!upstream.ok) return new Response(null, { status: upstream.status === 404 ? 404 : 502 });
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': upstream.headers.get('content-type') ?? 'image/jpeg',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  });
}
