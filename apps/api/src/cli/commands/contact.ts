import type { Command } from 'commander';
import { type CliIo, withServices } from '../io.js';
import { parseDomain } from './event.js';

export function contactCommands(program: Command, io: CliIo) {
  const contact = program
    .command('contact')
    .description('Messages sent through the hosted contact form');
  contact
    .command('list')
    .description("List an organiser's contact messages, newest first")
    .requiredOption('--organiser <domain>', "one of the organiser's domains")
    .action(async (options: { organiser: string }) => {
      const domain = parseDomain(options.organiser);
      await withServices(io, async (services) => {
        const messages = await services.contact.list(domain);
        if (messages.length === 0) io.out(`No contact messages for ${domain}`);
        for (const m of messages) {
          io.out(
            `#${m.id} ${m.createdAt.toISOString()} from ${m.name} <${m.email}> via ${m.domain}`,
          );
          if (m.subject) io.out(`  Subject: ${m.subject}`);
          for (const line of m.message.split('\n')) io.out(`  ${line}`);
        }
      });
    });
}
