import { cookies } from 'next/headers';
import { CSRF_COOKIE, SESSION_COOKIE } from '@/lib/console-security';
import { proxyTusRequest } from '@/provider/console-uploads';
import { apiUrl } from '@/provider/env';

/** One tus request of the console's uploader, passed on to the API (lib/console-uploads.ts). */
export async function tus(request: Request, id?: string): Promise<Response> {
  const jar = await cookies();
  return proxyTusRequest(request, {
    apiBase: apiUrl(),
    token: jar.get(SESSION_COOKIE)?.value ?? null,
    csrfCookie: jar.get(CSRF_COOKIE)?.value,
    id,
    forwardedFor: request.headers.get('x-forwarded-for'),
  });
}
