import type { Command } from 'commander';
import { type CliIo, withServices } from '../io.js';
import { parseDomain } from './event.js';

export function tokenCommands(program: Command, io: CliIo) {
  const token = program.command('token').description('Admin API bearer tokens');
  token
    .command('create')
    .description('Issue an admin bearer token for an organiser; it is shown once, as the last line')
    .argument('<domain>', "one of the organiser's domains")
    .option('--label <label>', 'what the token is for', '')
    .action(async (domainArg: string, options: { label: string }) => {
      const domain = parseDomain(domainArg, 'domain');
      await withServices(io, async (services) => {
        const created = await services.tokens.create(domain, options.label);
        io.out(
          `Admin token for organiser ${created.organiserId} (${domain}). Only its hash is stored: copy it now.`,
        );
        io.out(created.token);
      });
    });
}
