import { requestOrigin } from '@/lib/seo';
import { robotsTxt } from '@/lib/sitemap';

export async function GET() {
  return new Response(robotsTxt(await requestOrigin()), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
