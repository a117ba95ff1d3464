import type { Command } from 'commander';
import { CliError, type CliIo, withServices } from '../io.js';
import { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS } from '../../services/tokens.js';
import { parseDomain } from './event.js';

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');

function parseDays(value: string): number {
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > MAX_TOKEN_DAYS)
    throw new CliError(`--days must be a whole number from 1 to ${MAX_TOKEN_DAYS}, not ${value}`);
  return Number(value);
}

function parseId(value: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1)
    throw new CliError(`<id> must be a token id as token list shows it, not ${value}`);
  return Number(value);
}

export function tokenCommands(program: Command, io: CliIo) {
  const token = program.command('token').description('Admin API bearer tokens');
  token
    .command('create')
    .description('Issue an admin bearer token for an organiser; it is shown once, as the last line')
    .argument('<domain>', "one of the organiser's domains")
    .option('--label <label>', 'what the token is for', '')
    .option(
      '--days <n>',
      `days the token works (1 to ${MAX_TOKEN_DAYS})`,
      String(DEFAULT_TOKEN_DAYS),
    )
    .action(async (domainArg: string, options: { label: string; days: string }) => {
      const domain = parseDomain(domainArg, 'domain');
      const days = parseDays(options.days);
      await withServices(io, async (services) => {
        const created = await services.tokens.create(domain, options.label, days);
        io.out(
          `Admin token ${created.id} for organiser ${created.organiserId} (${domain}), valid until ${day(created.expiresAt)} UTC. Only its hash is stored: copy it now.`,
        );
        io.out(created.token);
      });
    });
  token
    .command('list')
    .description("An organiser's tokens: id, state, label, dates (never the tokens themselves)")
    .argument('<domain>', "one of the organiser's domains")
    .action(async (domainArg: string) => {
      const domain = parseDomain(domainArg, 'domain');
      await withServices(io, async (services) => {
        const rows = await services.tokens.list(domain);
        if (rows.length === 0) {
          io.out(`${domain} has no tokens (token create ${domain} makes one).`);
          return;
        }
        io.out('id\tstate\tcreated\tlast used\texpires\tlabel');
        for (const r of rows)
          io.out(
            `${r.id}\t${r.state}\t${day(r.createdAt)}\t${day(r.lastUsedAt)}\t${day(r.expiresAt)}\t${r.label}`,
          );
      });
    });
  token
    .command('revoke')
    .description('Revoke a token of an organiser: it stops working at once')
    .argument('<domain>', "one of the organiser's domains")
    .argument('<id>', 'the token id, from token list')
    .action(async (domainArg: string, idArg: string) => {
      const domain = parseDomain(domainArg, 'domain');
      const id = parseId(idArg);
      await withServices(io, async (services) => {
        await services.tokens.revoke(domain, id);
        io.out(`Token ${id} of ${domain} is revoked.`);
      });
    });
}
