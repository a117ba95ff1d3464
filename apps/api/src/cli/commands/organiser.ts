import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { organiserInput, positiveId } from '@eventsite/contract';
import type { Command } from 'commander';
import { CliError, type CliIo, issuesOf, withServices } from '../io.js';

export async function readOrganiserFile(io: CliIo, file: string) {
  const full = path.resolve(io.cwd, file);
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (error) {
    throw new CliError(
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file}: is not valid JSON (${(error as Error).message})`);
  }
  const parsed = organiserInput.safeParse(json);
  if (!parsed.success) {
    throw new CliError(
      `${file} is not a valid organiser config:\n${issuesOf(parsed.error, `  ${file}: `).join('\n')}`,
    );
  }
  return parsed.data;
}

export function organiserCommands(program: Command, io: CliIo) {
  const organiser = program
    .command('organiser')
    .description('Organisers: their domains, look and contact form');

  organiser
    .command('apply')
    .description(
      'Create or update an organiser from a JSON config file (matched by --id, else by its first domain)',
    )
    .argument('<file>', 'organiser config file (JSON)')
    .option('--id <id>', 'update the organiser with this id')
    .action(async (file: string, options: { id?: string }) => {
      let id: number | undefined;
      if (options.id !== undefined) {
        const parsed = positiveId.safeParse(options.id);
        if (!parsed.success) throw new CliError(`--id: ${parsed.error.issues[0]?.message}`);
        id = parsed.data;
      }
      const input = await readOrganiserFile(io, file);
      await withServices(io, async (services) => {
        const result = await services.organisers.apply(input, id);
        io.out(
          `${result.created ? 'Created' : 'Updated'} organiser ${result.id} '${input.name}' (${input.domains.join(', ')})`,
        );
      });
    });

  organiser
    .command('list')
    .description('List organisers with their domains')
    .action(async () => {
      await withServices(io, async (services) => {
        const rows = await services.organisers.list();
        if (rows.length === 0)
          io.out('No organisers yet. Create one with: organiser apply <file.json>');
        for (const o of rows) {
          io.out(
            `${o.id}\t${o.name}\t${o.domains.join(', ')}\t${o.publishedEvents}/${o.events} events published`,
          );
        }
      });
    });
}
