import { Command, CommanderError } from 'commander';
import { API_VERSION } from '../version.js';
import { bibCommands } from './commands/bibs.js';
import { contactCommands } from './commands/contact.js';
import { demoCommand } from './commands/demo.js';
import { eventCommands } from './commands/event.js';
import { importCommand } from './commands/import.js';
import { organiserCommands } from './commands/organiser.js';
import { tokenCommands } from './commands/token.js';
import { userCommands } from './commands/user.js';
import { watchCommand } from './commands/watch.js';
import { type CliIo, operatorMessage } from './io.js';

export function buildProgram(io: CliIo): Command {
  const program = new Command('eventsite')
    .description(
      'Operator commands of the eventsite API. Same configuration as the API: DATA_DIR, DATABASE_URL, ... (see .env.example).',
    )
    .version(API_VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.replace(/\n$/, '')),
      writeErr: (s) => io.err(s.replace(/\n$/, '')),
    })
    .showHelpAfterError('(run with --help for usage)');
  organiserCommands(program, io);
  eventCommands(program, io);
  importCommand(program, io);
  bibCommands(program, io);
  contactCommands(program, io);
  tokenCommands(program, io);
  userCommands(program, io);
  watchCommand(program, io);
  demoCommand(program, io);
  // Subcommands inherit the output and exit behaviour.
  const configure = (cmd: Command) => {
    for (const sub of cmd.commands) {
      sub.exitOverride().configureOutput({
        writeOut: (s) => io.out(s.replace(/\n$/, '')),
        writeErr: (s) => io.err(s.replace(/\n$/, '')),
      });
      configure(sub);
    }
  };
  configure(program);
  return program;
}

/** Runs one CLI invocation; resolves to the process exit code. */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(args, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const message = operatorMessage(error);
    if (message !== undefined) {
      io.err(`Error: ${message}`);
      return 1;
    }
    io.err(`Unexpected error: ${(error as Error)?.stack ?? String(error)}`);
    return 1;
  }
}
