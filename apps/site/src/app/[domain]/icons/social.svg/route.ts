import { socialSprite } from '@/components/layout/socialSprite';

/** The same sprite on every host; its links carry a content version, so it is kept for a year. */
export const dynamic = 'force-static';

export function GET() {
  return new Response(socialSprite(), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
