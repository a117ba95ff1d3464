// The product's import service (apps/api/dist ImportService.importAll: probe, original, row),
// called directly and timed in process: no CLI, no job queue. argv: dataDir, eventId, folder, concurrency.
// Environment as the CLI's (OCR_ENABLED, DATABASE_URL...). Prints JSON { ms, imported, failed }.
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (f) => import(pathToFileURL(path.join(root, 'apps/api/dist', f)).href);
const [dataDir, eventId, folder, concurrency] = process.argv.slice(2);

const { loadConfig } = await dist('config.js');
const { openRuntime } = await dist('runtime.js');
const { createServices } = await dist('services/index.js');
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const runtime = await openRuntime(config, 'cli');
try {
  const services = createServices(runtime.database.db, runtime.blobs, {
    maxUploadBytes: config.maxUploadBytes,
    ocrEnabled: config.ocrEnabled,
  });
  const sources = readdirSync(folder)
    .filter((f) => !f.startsWith('.'))
    .sort()
    .map((name) => ({ name, read: () => readFile(path.join(folder, name)) }));
  const started = performance.now();
  const summary = await services.imports.importAll(Number(eventId), sources, {
    concurrency: Number(concurrency),
  });
  const ms = performance.now() - started;
  const failures = summary.results
    .filter((r) => r.status === 'failed')
    .map((r) => `${r.name}: ${r.reason}`);
  console.log(
    JSON.stringify({
      ms,
      imported: summary.imported,
      failed: summary.failed,
      failures: failures.slice(0, 3),
      ocr: config.ocrEnabled ?? null,
    }),
  );
} finally {
  await runtime.close();
}
process.exit(0);
