import { NO_INDEX } from '@/lib/console-security';
import { eventStatsCsv } from '@/provider/console-insight';
import { eventIdOf } from '../../../screen';
import { statsSpan } from '../span';
import { sessionTokenOfChange } from '../../../../session';

type Params = { params: Promise<{ domain: string; eventId: string }> };

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': NO_INDEX,
    },
  });

/** The event's analytics as a CSV download, for the signed-in organiser (a read: no CSRF token). */
export async function GET(request: Request, { params }: Params) {
  const { eventId: raw } = await params;
  const eventId = eventIdOf(raw);
  if (eventId === null) return text(404, 'No event has this id.');
  const token = await sessionTokenOfChange();
  if (!token) return text(401, 'Sign in to the console first.');
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const answer = await eventStatsCsv(token, eventId, statsSpan(query));
  if (!answer.ok) return text(answer.status ?? 502, answer.message);
  return new Response(answer.csv, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${answer.filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
      'x-robots-tag': NO_INDEX,
    },
  });
}
