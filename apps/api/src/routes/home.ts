import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The provider's front door: what a visitor finds at the API's own address, where an
 * organiser's "Powered by eventsite" links when no provider website is set (`PROVIDER_URL` of
 * the site). A page for people, not an API answer: what the platform is, where a runner's
 * photos are, where organisers and developers go.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>eventsite: event photos, found in seconds</title>
<style>
  body { font: 17px/1.55 system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 0; color: #1d232b; background: #f6f7f9; }
  main { max-width: 40rem; margin: 0 auto; padding: 3rem 1.25rem; }
  h1 { font-size: 2rem; margin: 0 0 .5rem; }
  h2 { font-size: 1.1rem; margin: 2rem 0 .25rem; }
  p { margin: .25rem 0; }
  a { color: #0b5cad; }
  .lead { font-size: 1.15rem; color: #46505c; }
</style>
</head>
<body>
<main>
  <h1>eventsite</h1>
  <p class="lead">The photo platform behind event organisers' own websites: runners, guests and fans find their photos by bib number, name or selfie, download them and share them.</p>
  <h2>Looking for your photos?</h2>
  <p>Open the website of your event's organiser (the address on your race pack or in their emails), choose your event, and search by your bib number, your name or a selfie.</p>
  <h2>Organisers</h2>
  <p>Sign in to your console at <strong>/console</strong> on your own site's address to brand your site, run your events and upload photos.</p>
  <h2>Developers</h2>
  <p>The provider API and its OpenAPI document: <a href="/docs">/docs</a>. Whether it is up, and what is still being indexed: <a href="/health">/health</a>.</p>
</main>
</body>
</html>
`;

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: "The provider's front page, for people",
        description:
          'An HTML page saying what the platform is and where a visitor, an organiser or a developer goes next. Organisers\' sites link to it ("Powered by eventsite") when no provider website is set.',
        response: {
          200: z.unknown().meta({ description: 'The page (text/html)', type: 'string' }),
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .send(PAGE),
  );
};
