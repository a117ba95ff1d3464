export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const lastmod = e.lastModified ? `<lastmod>${escapeXml(e.lastModified)}</lastmod>` : '';
      return `<url><loc>${escapeXml(new URL(e.path, origin).toString())}</loc>${lastmod}</url>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  // The organiser console is never indexed (its pages also say noindex).
  return `User-agent: *\nAllow: /\nDisallow: /console\n\nSitemap: ${new URL('/sitemap.xml', origin).toString()}\n`;
}
