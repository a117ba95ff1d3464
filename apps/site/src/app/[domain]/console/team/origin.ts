/** The site's origin as the browser sees it (the invitation link's), from the request's Host. */
export function siteOriginOf(request: Request): string {
  const host = request.headers.get('host') ?? new URL(request.url).host;
  const proto =
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() ||
    new URL(request.url).protocol.replace(':', '');
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}
