import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
});
afterAll(() => t.close());

describe('GET /face-models/{file}', () => {
  it('serves the model and WebAssembly files a browser needs, from node_modules', async () => {
    const json = await t.app.inject({ url: '/face-models/faceres.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/application\/json/);
    expect(json.json().weightsManifest[0].paths).toEqual(['faceres.bin']);
    const weights = await t.app.inject({ url: '/face-models/faceres.bin' });
    expect(weights.rawPayload.length).toBeGreaterThan(6_000_000);
    const wasm = await t.app.inject({ url: '/face-models/tfjs-backend-wasm-simd.wasm' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.rawPayload.subarray(0, 4).toString('hex')).toBe('0061736d');
    // Cross-origin, like every public route: the site fetches them from the browser.
    const cors = await t.app.inject({
      url: '/face-models/blazeface.json',
      headers: { origin: 'https://city.example' },
    });
    expect(cors.headers['access-control-allow-origin']).toBeDefined();
  });

  it('serves nothing else', async () => {
    for (const file of ['models.json', '..%2Fpackage.json', 'antispoof.bin', 'x.wasm'])
      expect((await t.app.inject({ url: `/face-models/${file}` })).statusCode).toBe(404);
  });
});
