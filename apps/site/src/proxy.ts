import { NextResponse, type NextRequest } from 'next/server';
import { appDomainFromHost } from './lib/host';

const BAD_HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bad request</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0"><main><h1>Bad request</h1><p>This address is not a valid site name.</p></main></body></html>`;

/**
 * One organiser per host name: every request is rewritten to the `/[domain]/…` segment, so the
 * tenant is part of the route and of every cache key. A host that is not a host name never
 * reaches a page or a URL.
 */
export function proxy(request: NextRequest) {
  const domain = appDomainFromHost(request.headers.get('host'));
  if (!domain) {
    return new NextResponse(BAD_HOST_PAGE, {
      status: 400,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const url = request.nextUrl.clone();
  url.pathname = `/${domain}${url.pathname === '/' ? '' : url.pathname}`;
  return NextResponse.rewrite(url);
}

export const config = {
  // face-models/: the face model files selfie search loads in the browser (public/, copied by next.config.ts).
  matcher: ['/((?!_next/|face-models/|favicon\\.ico$|icon\\.svg$).*)'],
};
