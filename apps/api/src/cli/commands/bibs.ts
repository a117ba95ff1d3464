import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BIB_PATTERN, certificateTemplate, uuid as uuidSchema } from '@eventsite/contract';
import type { Command } from 'commander';
import { CliError, type CliIo, issuesOf, withServices } from '../io.js';
import { parseId } from './event.js';

function parseUuid(value: string): string {
  if (!uuidSchema.safeParse(value).success)
    throw new CliError(`${value}: is not a photo id (a uuid)`);
  return value.toLowerCase();
}

async function readInput(io: CliIo, file: string): Promise<Buffer> {
  try {
    return await readFile(path.resolve(io.cwd, file));
  } catch (error) {
    throw new CliError(
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/** Manual bib tags, race results and the certificate template. */
export function bibCommands(program: Command, io: CliIo) {
  const bibs = program.command('bibs').description("A photo's manual bib tags");
  bibs
    .command('set')
    .description(
      "Set a photo's manual bib tags (replaces them; with the manual strategy they override OCR)",
    )
    .argument('<uuid>', 'photo id')
    .argument('<bib...>', 'bib numbers')
    .action(async (uuidArg: string, list: string[]) => {
      const uuid = parseUuid(uuidArg);
      for (const bib of list)
        if (!BIB_PATTERN.test(bib))
          throw new CliError(`${bib}: a bib number is 1 to 10 letters or digits`);
      const answer = await withServices(io, (services) =>
        services.bibs.setManual(uuid, null, list),
      );
      io.out(`Photo ${answer.uuid}: manual bibs ${answer.bibs.join(', ')}`);
    });
  bibs
    .command('clear')
    .description("Clear a photo's manual bib tags (OCR readings count again)")
    .argument('<uuid>', 'photo id')
    .action(async (uuidArg: string) => {
      const uuid = parseUuid(uuidArg);
      const answer = await withServices(io, (services) => services.bibs.setManual(uuid, null, []));
      io.out(`Photo ${answer.uuid}: manual bibs cleared`);
    });

  const results = program.command('results').description('Race results');
  results
    .command('import')
    .description(
      "Replace an event's race results with a CSV file (bad rows are listed and skipped)",
    )
    .argument('<eventId>', 'event id')
    .argument('<file>', 'CSV, TSV or semicolon-separated; UTF-8 or Windows-1252')
    .option('--map <pairs>', 'column mapping, e.g. bib:Dorsal,name:Nom')
    .action(async (id: string, file: string, options: { map?: string }) => {
      const eventId = parseId(id);
      const bytes = await readInput(io, file);
      const answer = await withServices(io, (services) =>
        services.bibs.importResults(eventId, null, bytes, options.map),
      );
      for (const e of answer.errors) io.err(`line ${e.line}: ${e.message}`);
      io.out(
        `Imported ${answer.imported} results into event ${eventId} (${answer.errors.length} problem${answer.errors.length === 1 ? '' : 's'}). Columns: ${Object.entries(
          answer.columns,
        )
          .map(([field, header]) => `${field}=${header}`)
          .join(', ')}`,
      );
    });

  const certificate = program.command('certificate').description('Certificate templates');
  certificate
    .command('set')
    .description("Set an event's certificate template (JSON, the contract's certificateTemplate)")
    .argument('<eventId>', 'event id')
    .argument('<file>', 'template JSON file')
    .action(async (id: string, file: string) => {
      const eventId = parseId(id);
      let json: unknown;
      try {
        json = JSON.parse((await readInput(io, file)).toString('utf8'));
      } catch (error) {
        if (error instanceof CliError) throw error;
        throw new CliError(`${file}: cannot be read as JSON (${(error as Error).message})`);
      }
      const parsed = certificateTemplate.safeParse(json);
      if (!parsed.success) throw new CliError(`${file}:\n  ${issuesOf(parsed.error).join('\n  ')}`);
      await withServices(io, (services) => services.bibs.setTemplate(eventId, null, parsed.data));
      io.out(`Certificate template set for event ${eventId} (${parsed.data.fields.length} fields)`);
    });
}
