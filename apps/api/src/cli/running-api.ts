import { lockHolder } from '../adapters/lock.js';
import { loadConfig } from '../config.js';
import { runCli } from './program.js';
import type { CliIo } from './io.js';
import { secretPrompt } from './secret.js';
import {
  askRunningApi,
  type OperatorRequest,
  operatorSocketPath,
  serveOperators,
} from './operator-channel.js';

/**
 * Runs a command in the API that holds this configuration's embedded database, when one does.
 * Resolves to the exit code, or null when the command should run in this process (PostgreSQL,
 * no API running, or a configuration error that the command itself will report).
 */
export async function runInRunningApi(args: string[], io: CliIo): Promise<number | null> {
  // A watcher talks to the API over HTTP, from here (the folder is this machine's).
  if (args[0] === 'watch') return null;
  let dataDir: string;
  try {
    const config = loadConfig(io.env, io.cwd);
    if (config.databaseUrl) return null;
    dataDir = config.dataDir;
  } catch {
    return null;
  }
  const holder = await lockHolder(dataDir);
  if (holder?.role !== 'api') return null;
  // The API's standard input is not the operator's: a secret the command reads is read here.
  const prompt = secretPrompt(args);
  const secret = prompt && io.readSecret ? await io.readSecret(prompt) : undefined;
  return askRunningApi(
    operatorSocketPath(dataDir),
    { args, cwd: io.cwd, ...(secret === undefined ? {} : { secret }) },
    io,
  );
}

/** The API's side: operators' commands run here, on the API's open services. */
export function serveOperatorCommands(
  dataDir: string,
  attached: NonNullable<CliIo['attached']>,
  env: NodeJS.ProcessEnv,
) {
  return serveOperators(dataDir, (request: OperatorRequest, output) =>
    runCli(request.args, {
      env,
      cwd: request.cwd,
      isTty: false,
      attached,
      readSecret: async () => request.secret ?? '',
      ...output,
    }),
  );
}
