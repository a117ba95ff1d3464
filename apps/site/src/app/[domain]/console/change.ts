import { cookies } from 'next/headers';
import type { ConsoleNotice } from '@/components/console/strings';
import {
  type ChangeRefusal,
  CSRF_COOKIE,
  CSRF_FIELD,
  madeByScript,
  NO_INDEX,
  refusalOf,
} from '@/lib/console-security';

const REFUSED_PAGE = (reason: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Request refused</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><main><h1>Request refused</h1><p>${reason}</p><p><a href="/console">Back to the console</a></p></main></body></html>`;

const REASONS: Record<ChangeRefusal, string> = {
  'cross-origin': 'This request did not come from this site, so nothing was changed.',
  csrf: 'This form has expired or did not come from this site, so nothing was changed. Open the console again and retry.',
  scripted:
    'This change is made with the console’s own form, not by a script, so nothing was changed.',
};

/**
 * A console change (a POST of one of its forms), checked: the Origin header must name this host,
 * the form's CSRF token must equal the CSRF cookie, and the browser must not say a script sent
 * it (`madeByScript`), unless the change is one the console's own script makes (`scripted`: the
 * bibs screen's saves). Else a 403 page, and nothing is done.
 */
export async function checkedChange(
  request: Request,
  options: { scripted?: boolean } = {},
): Promise<{ ok: true; form: FormData } | { ok: false; response: Response }> {
  const form = await request.formData().catch(() => new FormData());
  const jar = await cookies();
  const refusal =
    refusalOf({
      origin: request.headers.get('origin'),
      host: request.headers.get('host'),
      csrfCookie: jar.get(CSRF_COOKIE)?.value,
      csrfField: form.get(CSRF_FIELD),
    }) ??
    (!options.scripted && madeByScript(request.headers.get('sec-fetch-mode')) ? 'scripted' : null);
  if (refusal === null) return { ok: true, form };
  return {
    ok: false,
    response: new Response(REFUSED_PAGE(REASONS[refusal]), {
      status: 403,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-robots-tag': NO_INDEX,
      },
    }),
  };
}

/** Back to the console page (303: a GET), with a notice when there is one. */
export function toConsole(notice: ConsoleNotice | null, next: string | null = null): Response {
  const query = new URLSearchParams({ ...(notice ? { notice } : {}), ...(next ? { next } : {}) });
  return seeOther(query.size ? `/console?${query}` : '/console');
}

/**
 * After a console change, back to a console screen (303: a GET), with query parameters that
 * screen reads to say what happened (`{ notice: 'saved' }`, `{ error: 'The slug is taken' }`).
 */
export function toConsoleScreen(
  path: `/console${string}`,
  query: Record<string, string> = {},
): Response {
  const search = new URLSearchParams(query).toString();
  return seeOther(search ? `${path}?${search}` : path);
}

function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: {
      location,
      'cache-control': 'no-store',
      'x-robots-tag': NO_INDEX,
    },
  });
}
