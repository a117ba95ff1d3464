import { stat } from 'node:fs/promises';
import path from 'node:path';
import { watch as watchFolder } from 'chokidar';
import type { Command } from 'commander';
import { CliError, type CliIo } from '../io.js';
import {
  fingerprintOf,
  type LocalFile,
  UploadLedger,
  UploadTargetError,
  uploadResumable,
  type UploadTarget,
} from '../resumable-client.js';
import { parseId } from './event.js';

/** The ledger's name in the watched folder. */
export const LEDGER_NAME = '.eventsite-uploads.json';
const PHOTO_FILE = /\.(jpe?g|png|webp)$/i;
/** A file that failed every retry is tried again after this long. */
const AGAIN_AFTER_MS = 60_000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface WatchSummary {
  uploaded: number;
  already: number;
  refused: number;
  failed: number;
  unfinished: string[];
}

export function summaryLine(s: WatchSummary): string {
  const parts = [
    `uploaded ${s.uploaded}`,
    `already uploaded ${s.already}`,
    `refused ${s.refused}`,
    `failed ${s.failed}`,
  ];
  const rest = s.unfinished.length
    ? `; ${s.unfinished.length} unfinished (resumed on the next run): ${s.unfinished.join(', ')}`
    : '';
  return `Stopped: ${parts.join(', ')}${rest}.`;
}

/**
 * Watches a folder and sends each photo once its size has stopped changing (the camera or the
 * copy is done), one at a time, resuming after a cut connection or a restart. Runs until stopped
 * (Ctrl-C), or with `once` until what is in the folder now is sent.
 */
export async function watchAndUpload(
  target: UploadTarget,
  folder: string,
  io: CliIo,
  options: { settleMs: number; once: boolean; signal?: AbortSignal; retryDelays?: number[] },
): Promise<WatchSummary> {
  const ledger = await UploadLedger.open(path.join(folder, LEDGER_NAME));
  const summary: WatchSummary = { uploaded: 0, already: 0, refused: 0, failed: 0, unfinished: [] };
  const queue: string[] = [];
  const queued = new Set<string>();
  const skippedNames = new Set<string>();
  let wake: (() => void) | null = null;
  let fatal: Error | null = null;
  let ready = false;
  const stopped = () => options.signal?.aborted === true || fatal !== null;

  const enqueue = (file: string) => {
    const name = path.basename(file);
    if (name.startsWith('.') || path.dirname(file) !== folder) return;
    if (!PHOTO_FILE.test(name)) {
      if (!skippedNames.has(name)) io.out(`Skipping ${name}: not a .jpg, .png or .webp file`);
      skippedNames.add(name);
      return;
    }
    if (queued.has(file)) return;
    queued.add(file);
    queue.push(file);
    wake?.();
  };
  const watcher = watchFolder(folder, {
    depth: 0,
    ignoreInitial: false,
    ignored: (p: string) => path.basename(p).startsWith('.') && p !== folder,
    awaitWriteFinish: { stabilityThreshold: options.settleMs, pollInterval: Math.min(200, options.settleMs) },
  });
  watcher.on('add', enqueue).on('change', enqueue);
  watcher.on('error', (error) => io.err(`Watching ${folder}: ${(error as Error).message}`));
  const whenReady = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  options.signal?.addEventListener('abort', () => wake?.(), { once: true });

  io.out(
    `Watching ${folder} for event ${target.eventId} on ${target.api}${options.once ? ' (once)' : ''}: photos are sent once they settle (${options.settleMs / 1000} s). Stop with Ctrl-C.`,
  );

  const send = async (filePath: string) => {
    const name = path.basename(filePath);
    let info;
    try {
      info = await stat(filePath);
    } catch {
      return; // Gone again before it was sent.
    }
    const file: LocalFile = { path: filePath, name, size: info.size, mtimeMs: info.mtimeMs };
    const fingerprint = fingerprintOf(target, file);
    if (ledger.isDone(fingerprint)) {
      summary.already++;
      return;
    }
    try {
      const outcome = await uploadResumable(target, file, {
        urlStorage: ledger,
        signal: options.signal,
        retryDelays: options.retryDelays,
        onRetry: (reason, attempt) => io.out(`Connection trouble sending ${name} (${reason}): try ${attempt}, going on from where the server has it`),
      });
      if (outcome.kind === 'accepted') {
        await ledger.markDone(fingerprint, name, outcome.uuid);
        summary.uploaded++;
        io.out(`Uploaded ${name} (${megabytes(file.size)}): ${summary.uploaded} sent, ${queue.length} waiting`);
      } else {
        // Remembered as done: the server will never take these bytes.
        await ledger.markDone(fingerprint, name, '');
        summary.refused++;
        io.out(`Refused ${name}: ${outcome.reason}`);
      }
    } catch (error) {
      if (error instanceof UploadTargetError) {
        fatal = error;
        return;
      }
      if (options.signal?.aborted) return;
      summary.failed++;
      io.err(`FAILED ${name}: ${(error as Error).message}${options.once ? '' : ' (tried again in a minute)'}`);
      if (!options.once) {
        setTimeout(() => {
          queued.delete(filePath);
          enqueue(filePath);
          summary.failed--;
        }, AGAIN_AFTER_MS).unref();
      }
    }
  };

  try {
    void whenReady.then(() => {
      ready = true;
      wake?.();
    });
    for (;;) {
      if (stopped()) break;
      const next = queue.shift();
      if (next !== undefined) {
        await send(next);
        queued.delete(next);
        continue;
      }
      if (options.once && ready) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    await watcher.close();
  }
  if (fatal) throw new CliError(`The API refused the upload: ${(fatal as Error).message}`);
  summary.unfinished = ledger.unfinishedNames();
  return summary;
}

export function watchCommand(program: Command, io: CliIo) {
  program
    .command('watch')
    .description(
      'Watch a folder and upload each new photo to an event once it settles, through the API over a resumable protocol (a cut connection or a restart goes on from where it stopped; nothing is sent twice)',
    )
    .argument('<eventId>', 'event id')
    .argument('<folder>', 'folder the camera or the laptop writes photos into (not recursive)')
    .option('--api <url>', "the API's address (EVENTSITE_API_URL; default http://localhost:4000)")
    .option('--token <token>', "the organiser's admin token (EVENTSITE_TOKEN; see: token create)")
    .option('--settle <seconds>', 'how long a file must stay unchanged before it is sent', '2')
    .option('--once', 'send what is in the folder now, then stop')
    .action(
      async (
        id: string,
        folderArg: string,
        opts: { api?: string; token?: string; settle: string; once?: boolean },
      ) => {
        const eventId = parseId(id);
        const api = opts.api ?? io.env.EVENTSITE_API_URL ?? 'http://localhost:4000';
        if (!/^https?:\/\/[^\s/]+/.test(api)) throw new CliError(`--api: ${api} is not an http(s) address`);
        const token = opts.token ?? io.env.EVENTSITE_TOKEN;
        if (!token) throw new CliError('--token (or EVENTSITE_TOKEN) is required: make one with `token create <domain>`');
        const settle = Number(opts.settle);
        if (!Number.isFinite(settle) || settle < 0.1 || settle > 600)
          throw new CliError('--settle: must be a number of seconds from 0.1 to 600');
        const folder = path.resolve(io.cwd, folderArg);
        const info = await stat(folder).catch(() => null);
        if (!info) throw new CliError(`${folderArg}: no such folder`);
        if (!info.isDirectory()) throw new CliError(`${folderArg}: is not a folder`);
        const summary = await watchAndUpload({ api, token, eventId }, folder, io, {
          settleMs: settle * 1000,
          once: Boolean(opts.once),
          signal: io.signal,
        });
        io.out(summaryLine(summary));
        if (summary.failed > 0) throw new CliError(`${summary.failed} file(s) could not be sent (listed above): run again to retry.`);
      },
    );
}
