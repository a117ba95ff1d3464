import type { ZodError } from 'zod';
import { DataDirLockedError } from '../adapters/lock.js';
import { type ApiConfig, ConfigError, loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { shareChanges, type SharedChanges } from '../services/shared-changes.js';
import { createServices, type Services } from '../services/index.js';

/** Where a command reads its environment and writes its output: the process, or a test. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out(line: string): void;
  err(line: string): void;
  /** Progress bars only on a terminal; plain periodic lines otherwise. */
  isTty: boolean;
  /**
   * Reads a secret (a password) from standard input, asking with `prompt` and not echoing it on
   * a terminal. Absent where there is no operator's input.
   */
  readSecret?: (prompt: string) => Promise<string>;
  /** Aborted when the operator stops the command (Ctrl-C): a long-running command winds down. */
  signal?: AbortSignal;
  /**
   * Set when the command runs inside the API that holds the embedded database (it was sent over
   * the operator socket): the API's own services, neither opened nor closed by the command.
   */
  attached?: { services: Services; runtime: Runtime; config: ApiConfig };
}

/** A failure the operator can act on: printed as it is, exit code 1. */
export class CliError extends Error {}

export function issuesOf(error: ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return `${prefix}${field ? `${field}: ` : ''}${issue.message}`;
  });
}

export function config(io: CliIo): ApiConfig {
  return loadConfig(io.env, io.cwd);
}

/** Runs a command with the database and blob stores open, closing them after, whatever happens. */
export async function withServices<T>(
  io: CliIo,
  run: (services: Services, runtime: Runtime, config: ApiConfig) => Promise<T>,
): Promise<T> {
  if (io.attached) {
    const { services, runtime, config: cfg } = io.attached;
    return run(services, runtime, cfg);
  }
  const cfg = config(io);
  const runtime = await openRuntime(cfg, 'cli');
  let shared: SharedChanges | undefined;
  try {
    const services = createServices(runtime.database.db, runtime.blobs, {
      maxUploadBytes: cfg.maxUploadBytes,
      maxUploadRequestBytes: cfg.maxUploadRequestBytes,
      organiserQuotaBytes: cfg.organiserQuotaBytes,
      maxImagePixels: cfg.maxImagePixels,
      ocrEnabled: cfg.ocrEnabled,
      facesEnabled: cfg.facesEnabled,
      queue: runtime.queue,
    });
    // On the scaled stack the running APIs hear what the command changed (their answer caches,
    // live galleries and selfie indexes), as they hear each other's.
    if (runtime.changes) shared = shareChanges(services, runtime.changes);
    return await run(services, runtime, cfg);
  } finally {
    shared?.flush();
    await runtime.close();
  }
}

/** The message an operator sees for an error, or undefined for a bug (shown with its stack). */
export function operatorMessage(error: unknown): string | undefined {
  if (error instanceof CliError || error instanceof AppError || error instanceof DataDirLockedError)
    return error.message;
  if (error instanceof ConfigError) return error.message;
  return undefined;
}
