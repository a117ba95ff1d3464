import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { ImportSource } from '../../services/imports.js';
import { CliError, type CliIo, withServices } from '../io.js';
import { progress } from '../progress.js';
import { parseId } from './event.js';

async function listFiles(folder: string): Promise<string[]> {
  let info;
  try {
    info = await stat(folder);
  } catch {
    throw new CliError(`${folder}: no such folder`);
  }
  if (!info.isDirectory()) throw new CliError(`${folder}: is not a folder`);
  const entries = await readdir(folder, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

export function importCommand(program: Command, io: CliIo) {
  program
    .command('import')
    .description(
      'Import a folder of JPEG, PNG and WebP photos into an event (idempotent, resumable)',
    )
    .argument('<eventId>', 'event id')
    .argument('<folder>', 'folder of photos (not recursive; recognised by content, not extension)')
    .option('--concurrency <n>', 'photos processed at once', '3')
    .action(async (id: string, folderArg: string, options: { concurrency: string }) => {
      const eventId = parseId(id);
      const concurrency = Number(options.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
        throw new CliError('--concurrency: must be a whole number from 1 to 16');
      }
      const folder = path.resolve(io.cwd, folderArg);
      const files = await listFiles(folder);
      if (files.length === 0) throw new CliError(`${folderArg}: has no files to import`);
      const summary = await withServices(io, async (services) => {
        await services.events.require(eventId);
        const sources: ImportSource[] = files.map((name) => ({
          name,
          read: () => readFile(path.join(folder, name)),
        }));
        const bar = progress(io, `Importing into event ${eventId}`, sources.length);
        try {
          return await services.imports.importAll(eventId, sources, {
            concurrency,
            onResult: (result) => {
              if (result.status === 'failed') bar.log(`FAILED ${result.name}: ${result.reason}`);
              bar.tick();
            },
          });
        } finally {
          bar.stop();
        }
      });
      io.out(
        `Imported ${summary.imported}, skipped ${summary.skipped} (already imported), failed ${summary.failed} of ${files.length} files.`,
      );
      if (summary.failed > 0) {
        throw new CliError(
          `${summary.failed} file${summary.failed === 1 ? '' : 's'} could not be imported (listed above).`,
        );
      }
    });
}
