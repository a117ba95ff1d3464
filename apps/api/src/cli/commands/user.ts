import { CONSOLE_ROLES, consoleEmail, consoleRole } from '@eventsite/contract';
import type { Command } from 'commander';
import { CliError, type CliIo, withServices } from '../io.js';
import { secretPrompt } from '../secret.js';
import { parseDomain } from './event.js';

const day = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

function parseEmail(value: string): string {
  const parsed = consoleEmail.safeParse(value);
  if (!parsed.success) throw new CliError(`<email>: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

function parseRole(value: string): string {
  const parsed = consoleRole.safeParse(value);
  if (!parsed.success)
    throw new CliError(`--role must be one of ${CONSOLE_ROLES.join(', ')}, not ${value}`);
  return parsed.data;
}

/** The console's users: people of an organiser who sign in at /console on its host. */
export function userCommands(program: Command, io: CliIo) {
  const user = program
    .command('user')
    .description("The organiser console's users (sign-in at https://<host>/console)");
  user
    .command('create')
    .description(
      'Create a console user; the password is read from standard input (not shown on a terminal; the first line of a pipe)',
    )
    .argument('<host>', "one of the organiser's domains")
    .argument('<email>', 'the user’s email, used to sign in')
    .option('--role <role>', `${CONSOLE_ROLES.join(', ')}`, 'owner')
    .action(async (hostArg: string, emailArg: string, options: { role: string }) => {
      const host = parseDomain(hostArg, '<host>');
      const email = parseEmail(emailArg);
      const role = parseRole(options.role);
      if (!io.readSecret) throw new CliError('This command needs a password on standard input');
      const password = await io.readSecret(secretPrompt(['user', 'create', hostArg, emailArg])!);
      await withServices(io, async (services) => {
        const created = await services.console.createUser(host, email, role, password);
        io.out(
          `Created ${created.role} ${created.email} of organiser ${created.organiserId} (${host}): signs in at /console on ${host}.`,
        );
      });
    });
  user
    .command('list')
    .description("An organiser's console users: email, role, created")
    .argument('<host>', "one of the organiser's domains")
    .action(async (hostArg: string) => {
      const host = parseDomain(hostArg, '<host>');
      await withServices(io, async (services) => {
        const users = await services.console.listUsers(host);
        if (users.length === 0) {
          io.out(`${host} has no console users (user create ${host} <email> makes one).`);
          return;
        }
        io.out('email\trole\tcreated');
        for (const u of users) io.out(`${u.email}\t${u.role}\t${day(u.createdAt)}`);
      });
    });
  user
    .command('remove')
    .description('Remove a console user; every session of it ends at once')
    .argument('<host>', "one of the organiser's domains")
    .argument('<email>', 'the user’s email')
    .action(async (hostArg: string, emailArg: string) => {
      const host = parseDomain(hostArg, '<host>');
      const email = parseEmail(emailArg);
      await withServices(io, async (services) => {
        await services.console.removeUser(host, email);
        io.out(`Removed ${email} from ${host}; its sessions have ended.`);
      });
    });
}
