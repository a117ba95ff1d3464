import { buildApp } from './app.js';
import type { OperatorChannel } from './cli/operator-channel.js';
import { serveOperatorCommands } from './cli/running-api.js';
import { ConfigError, loadConfig } from './config.js';
import { openRuntime } from './runtime.js';

async function main() {
  const config = loadConfig();
  const runtime = await openRuntime(config, 'api');
  const app = await buildApp({
    config,
    database: runtime.database,
    blobs: runtime.blobs,
    queue: runtime.queue,
    changes: runtime.changes,
  });

  let operators: OperatorChannel | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await operators?.close();
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
    // The embedded database is this process's alone: operators' CLI commands are run here.
    if (runtime.database.kind === 'pglite') {
      operators = await serveOperatorCommands(
        config.dataDir,
        { services: app.services, runtime, config },
        process.env,
      );
      app.log.info(
        `Operator commands (npm run cli) are run by this process: ${operators.socketPath}`,
      );
    }
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
