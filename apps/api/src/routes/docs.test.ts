import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi, OPENAPI_COMMAND, OPENAPI_FILE } from '../scripts/openapi.js';
import { createTestApp, type TestApp } from '../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('is served at /docs/json as OpenAPI 3.1 with every public route and the contract schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/client/events/organiser/data',
        '/api/v1/client/events/organiser/all-events',
        '/api/v1/client/events/organiser/contact-us',
        '/api/v1/client/events/organiser/about-us',
        '/api/v1/client/events/{eventId}/config',
        '/api/v1/client/events/{eventId}/photos',
        '/events/photos/{uuid}',
        '/forms/contact',
      ]),
    );
    const allEvents = doc.paths['/api/v1/client/events/organiser/all-events'].get;
    expect(allEvents.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'app_domain',
      'page',
      'page_size',
    ]);
    const data = allEvents.responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(data.properties.pagination.properties).sort()).toEqual(
      [
        'current_page',
        'has_next_page',
        'has_previous_page',
        'page_size',
        'total',
        'total_pages',
      ].sort(),
    );
  });

  it('serves the Swagger UI at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('matches the committed packages/contract/openapi.json', async () => {
    const committed = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    const generated = await generateOpenApi();
    if (committed !== generated) {
      throw new Error(
        `packages/contract/openapi.json is out of date with the routes and contract schemas. Regenerate it with: ${OPENAPI_COMMAND}`,
      );
    }
  });
});
