import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@/lib/console-security';
import { consoleJobs } from '@/provider/console-photos';

export const dynamic = 'force-dynamic';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

/**
 * The event's job progress for the Photos screen's live counts (a read: no change, so no CSRF
 * token; the session cookie is SameSite=Lax and the answer is not readable cross-origin).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ eventId: string }> }) {
  const { eventId } = await params;
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return json(401, { message: 'Your session has ended: sign in again.' });
  if (!/^\d{1,9}$/.test(eventId)) return json(404, { message: 'No such event' });
  const jobs = await consoleJobs(token, Number(eventId));
  if (!jobs.ok) return json(jobs.status ?? 502, { message: jobs.message });
  return json(200, jobs.data);
}
