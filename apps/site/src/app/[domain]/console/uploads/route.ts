import { tus } from './tus';

export const dynamic = 'force-dynamic';

/** tus: creates an upload (Upload-Length, Upload-Metadata with event_id and filename). */
export function POST(request: Request) {
  return tus(request);
}
