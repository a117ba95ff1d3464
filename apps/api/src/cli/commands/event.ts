import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type AdminEvent,
  appDomain,
  EVENT_ACCESS_LEVELS,
  type EventAccessLevel,
  eventAccessLevel,
  eventInput,
  eventPatch,
  galleryPassword,
  positiveId,
} from '@eventsite/contract';
import type { Command } from 'commander';
import type { ZodError } from 'zod';
import { CliError, type CliIo, withServices } from '../io.js';
import { secretPrompt } from '../secret.js';

interface EventOptions {
  name?: string;
  date?: string;
  city?: string;
  published?: boolean;
  clientName?: string;
  clientLogo?: string;
  config?: string;
}

const OPTION_OF: Record<string, string> = {
  name: '--name',
  event_date: '--date',
  city: '--city',
  client_name: '--client-name',
  client_logo: '--client-logo',
  event_photos_config: '--config',
};

function describe(e: AdminEvent): string {
  return `${e.id}\t${e.event_date}\t${e.published ? 'published  ' : 'unpublished'}\t${e.total_images} photos\t${e.name}\t${e.city}\t(${e.slug})`;
}

const ACCESS_WORDS: Record<EventAccessLevel, string> = {
  public: 'is public: on the organiser’s lists, open to anyone',
  unlisted: 'is unlisted: left out of the organiser’s lists, open to anyone with its link',
  password:
    'is password-protected: left out of the lists; visitors enter the password once on each device (a new password asks everyone again)',
};

function parseAccessLevel(value: string): EventAccessLevel {
  const parsed = eventAccessLevel.safeParse(value);
  if (!parsed.success)
    throw new CliError(
      `<level> must be one of ${EVENT_ACCESS_LEVELS.join(', ')}, not ${JSON.stringify(value)}`,
    );
  return parsed.data;
}

export function parseId(value: string, what = 'event id'): number {
  const parsed = positiveId.safeParse(value);
  if (!parsed.success)
    throw new CliError(`${what} ${JSON.stringify(value)} ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export function parseDomain(value: string | undefined, option = '--organiser'): string {
  const parsed = appDomain.safeParse(value ?? '');
  if (!parsed.success) throw new CliError(`${option}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

async function readConfigFile(io: CliIo, file: string | undefined): Promise<unknown> {
  if (file === undefined) return undefined;
  try {
    return JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8'));
  } catch (error) {
    throw new CliError(`--config ${file}: cannot be read as JSON (${(error as Error).message})`);
  }
}

function fieldIssues(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const [first, ...rest] = issue.path.map(String);
      const option = OPTION_OF[first ?? ''] ?? first ?? '';
      return `${[option, ...rest].join('.')}: ${issue.message}`;
    })
    .join('\n');
}

export function eventCommands(program: Command, io: CliIo) {
  const event = program
    .command('event')
    .description('Events: create, change, publish, who may see them, list');

  event
    .command('create')
    .description('Create an event for an organiser')
    .requiredOption('--organiser <domain>', "one of the organiser's domains")
    .requiredOption('--name <name>', 'event name')
    .requiredOption('--date <YYYY-MM-DD>', 'event date')
    .option('--city <city>', 'city', '')
    .option('--published', 'publish it now', false)
    .option('--client-name <name>', 'co-branded client name')
    .option('--client-logo <url>', 'co-branded client logo URL')
    .option('--config <file.json>', 'event_photos_config patch (JSON file)')
    .action(async (options: EventOptions & { organiser: string }) => {
      const domain = parseDomain(options.organiser);
      const parsed = eventInput.safeParse({
        name: options.name,
        event_date: options.date,
        city: options.city,
        published: options.published,
        client_name: options.clientName,
        client_logo: options.clientLogo,
        event_photos_config: await readConfigFile(io, options.config),
      });
      if (!parsed.success) throw new CliError(fieldIssues(parsed.error));
      await withServices(io, async (services) => {
        const created = await services.events.create(domain, parsed.data);
        io.out(
          `Created event ${created.id} '${created.name}' (${created.slug}), ${created.published ? 'published' : 'unpublished'}`,
        );
      });
    });

  event
    .command('update')
    .description('Change an event; only the options given change')
    .argument('<id>', 'event id')
    .option('--name <name>', 'event name')
    .option('--date <YYYY-MM-DD>', 'event date')
    .option('--city <city>', 'city')
    .option('--client-name <name>', 'co-branded client name')
    .option('--client-logo <url>', 'co-branded client logo URL')
    .option(
      '--config <file.json>',
      'event_photos_config patch (JSON file), merged into the stored one',
    )
    .action(async (id: string, options: EventOptions) => {
      const eventId = parseId(id);
      const parsed = eventPatch.safeParse({
        name: options.name,
        event_date: options.date,
        city: options.city,
        client_name: options.clientName,
        client_logo: options.clientLogo,
        event_photos_config: await readConfigFile(io, options.config),
      });
      if (!parsed.success) throw new CliError(fieldIssues(parsed.error));
      if (Object.values(parsed.data).every((v) => v === undefined)) {
        throw new CliError(
          'Nothing to change: give at least one of --name, --date, --city, --client-name, --client-logo, --config',
        );
      }
      await withServices(io, async (services) => {
        const updated = await services.events.update(eventId, parsed.data);
        io.out(`Updated event ${updated.id} '${updated.name}' (${updated.slug})`);
      });
    });

  for (const [name, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    event
      .command(name)
      .description(
        published
          ? 'Show the event on the public site'
          : 'Hide the event and its photos from the public site',
      )
      .argument('<id>', 'event id')
      .action(async (id: string) => {
        const eventId = parseId(id);
        await withServices(io, async (services) => {
          const updated = await services.events.update(eventId, { published });
          io.out(
            `Event ${updated.id} '${updated.name}' is now ${published ? 'published' : 'unpublished'}`,
          );
        });
      });
  }

  event
    .command('hide-requests')
    .description(
      'How many runners asked to be hidden on the event’s photos ("Hide me everywhere"): counts only, never a face',
    )
    .argument('<id>', 'event id')
    .action(async (id: string) => {
      const eventId = parseId(id);
      await withServices(io, async (services) => {
        const stats = await services.hides.stats(eventId, null);
        const held =
          stats.held_photos > 0
            ? `; ${stats.held_photos} new photo${stats.held_photos === 1 ? '' : 's'} held back until their faces are checked`
            : '';
        io.out(
          `Event ${eventId}: ${stats.requests} hide request${stats.requests === 1 ? '' : 's'}; ${stats.hidden_faces} face${stats.hidden_faces === 1 ? '' : 's'} blurred on ${stats.hidden_photos} photo${stats.hidden_photos === 1 ? '' : 's'}${held}`,
        );
      });
    });

  event
    .command('access')
    .description(
      'Who may see the event’s gallery: public, unlisted (off the lists, open to anyone with its link) or password (asked once, then remembered on the device). The password is read from standard input (not shown on a terminal; the first line of a pipe)',
    )
    .argument('<id>', 'event id')
    .argument('<level>', EVENT_ACCESS_LEVELS.join(', '))
    .action(async (id: string, level: string) => {
      const eventId = parseId(id);
      const access = parseAccessLevel(level);
      let password: string | undefined;
      if (access === 'password') {
        if (!io.readSecret)
          throw new CliError('This command needs the gallery’s password on standard input');
        password = (await io.readSecret(secretPrompt(['event', 'access', id, level])!)).replace(
          /\r$/,
          '',
        );
        if (password === '')
          throw new CliError(
            'No password was given: type it when asked, or pipe it (echo "$PASSWORD" | npm run cli -- event access <id> password)',
          );
        const checked = galleryPassword.safeParse(password);
        if (!checked.success) throw new CliError(checked.error.issues[0]!.message);
      }
      await withServices(io, async (services) => {
        const saved = await services.access.set(eventId, {
          access,
          ...(password === undefined ? {} : { password }),
        });
        io.out(`Event ${saved.event_id} ${ACCESS_WORDS[saved.access]}`);
        // The link is the only way in: the key in it is what opens the gallery.
        if (saved.access === 'unlisted')
          io.out(`Its link: /events/${saved.slug}/photos (on any of the organiser’s domains)`);
      });
    });

  event
    .command('list')
    .description("List an organiser's events, most recent first")
    .requiredOption('--organiser <domain>', "one of the organiser's domains")
    .action(async (options: { organiser: string }) => {
      const domain = parseDomain(options.organiser);
      await withServices(io, async (services) => {
        const events = await services.events.list(domain);
        if (events.length === 0) io.out(`No events yet for ${domain}`);
        for (const e of events) io.out(describe(e));
      });
    });
}
