import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openRuntime } from './runtime.js';

async function main() {
  const config = loadConfig();
  const runtime = await openRuntime(config, 'api');
  const app = await buildApp({ config, database: runtime.database, blobs: runtime.blobs });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
    } finally {
      await runtime.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Database: ${runtime.database.kind}; data folder: ${config.dataDir}`);
  } catch (error) {
    app.log.error(error);
    await runtime.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`The API could not start: ${(error as Error).message}`);
  process.exit(1);
});
