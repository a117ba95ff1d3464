import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { localBlobStores } from '../adapters/blobs.js';
import { openDatabase } from '../adapters/db/index.js';
import { loadConfig } from '../config.js';

/** Where the OpenAPI document is committed, beside the schemas it comes from. */
export const OPENAPI_FILE = fileURLToPath(
  new URL('../../../../packages/contract/openapi.json', import.meta.url),
);
export const OPENAPI_COMMAND = 'npm run openapi -w apps/api';

/** The OpenAPI 3.1 document the app serves at /docs/json, as committed (stable, host-independent). */
export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-unused' });
  // Routes are registered without touching the database: an empty in-memory one will do.
  const database = await openDatabase({ kind: 'pglite', dir: undefined });
  const app = await buildApp({
    config,
    database,
    blobs: localBlobStores(config.dataDir),
    logger: false,
    worker: false,
    sweep: false,
  });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
