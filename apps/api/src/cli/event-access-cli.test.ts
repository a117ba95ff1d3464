import { linkKeyOfSlug } from '@eventsite/contract';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { createServices } from '../services/index.js';
import { createCliSandbox, spawnCli } from '../test-support/cli.js';
import { secretPrompt } from './secret.js';

// `event access <id> <public|unlisted|password>`: the password from standard input, every refusal
// named, and the password set is the one that opens the gallery.

// Each command opens the embedded database afresh: seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const PASSWORD = 'lighthouse 2026';
let box: Awaited<ReturnType<typeof createCliSandbox>>;
let eventId: string;

/** The services over the sandbox's database, as the API would open them, for one check. */
async function withSandboxServices<T>(
  run: (services: ReturnType<typeof createServices>) => Promise<T>,
): Promise<T> {
  const runtime = await openRuntime(loadConfig(box.env, box.dataDir), 'cli');
  try {
    return await run(
      createServices(runtime.database.db, runtime.blobs, {
        ocrEnabled: false,
        facesEnabled: false,
      }),
    );
  } finally {
    await runtime.close();
  }
}

beforeAll(async () => {
  box = await createCliSandbox();
  await writeFile(
    path.join(box.dataDir, 'org.json'),
    JSON.stringify({ name: 'City Runs', domains: ['city.example'] }),
  );
  expect((await box.run('organiser', 'apply', 'org.json')).code).toBe(0);
  const created = await box.run(
    'event',
    'create',
    '--organiser',
    'city.example',
    '--name',
    'Harbour Run',
    '--date',
    '2026-05-01',
    '--published',
  );
  expect(created.code, created.err.join('\n')).toBe(0);
  eventId = /Created event (\d+)/.exec(created.out.join('\n'))![1]!;
});
afterAll(() => box.close());

describe('event access', () => {
  it('makes a gallery password-protected with the password from standard input', async () => {
    const res = await box.runWithInput(PASSWORD, 'event', 'access', eventId, 'password');
    expect(res.err).toEqual([]);
    expect(res.code).toBe(0);
    expect(res.out).toEqual([
      `Event ${eventId} is password-protected: left out of the lists; visitors enter the password once on each device (a new password asks everyone again)`,
    ]);
    expect(res.out.join('\n')).not.toContain(PASSWORD);
    await withSandboxServices(async (services) => {
      expect(
        (
          await services.organisers.allEvents(
            { app_domain: 'city.example', page: 1, page_size: 12 },
            '',
          )
        ).events,
      ).toEqual([]);
      await expect(
        services.access.grant(Number(eventId), 'city.example', 'not the password'),
      ).rejects.toThrow('That password is not right');
      const granted = await services.access.grant(Number(eventId), 'city.example', PASSWORD);
      expect(granted.event_id).toBe(Number(eventId));
    });
  });

  it('makes it unlisted or public without asking for anything', async () => {
    const unlisted = await box.run('event', 'access', eventId, 'unlisted');
    expect(unlisted.code).toBe(0);
    expect(unlisted.out[0]).toBe(
      `Event ${eventId} is unlisted: left out of the organiser’s lists, open to anyone with its link`,
    );
    // The link to share, with the key that opens it.
    const link = /^Its link: \/events\/(\S+)\/photos \(on any of the organiser’s domains\)$/.exec(
      unlisted.out[1] ?? '',
    );
    expect(link, unlisted.out.join('\n')).not.toBeNull();
    const key = linkKeyOfSlug(link![1]!);
    expect(key).not.toBeNull();
    await withSandboxServices(async (services) => {
      const granted = await services.access.grant(Number(eventId), 'city.example', key!);
      expect(granted.event_id).toBe(Number(eventId));
    });
    expect(unlisted.out).toHaveLength(2);
    const open = await box.run('event', 'access', eventId, 'public');
    expect(open.code).toBe(0);
    expect(open.out).toEqual([
      `Event ${eventId} is public: on the organiser’s lists, open to anyone`,
    ]);
    await withSandboxServices(async (services) => {
      const all = await services.organisers.allEvents(
        { app_domain: 'city.example', page: 1, page_size: 12 },
        '',
      );
      expect(all.events.map((e) => e.event_id)).toEqual([Number(eventId)]);
    });
  });

  it('refuses an empty or short password, a bad level or id, an unknown event', async () => {
    for (const [input, args, message] of [
      [
        '',
        [eventId, 'password'],
        'Error: No password was given: type it when asked, or pipe it (echo "$PASSWORD" | npm run cli -- event access <id> password)',
      ],
      ['short', [eventId, 'password'], 'Error: A gallery password has at least 6 characters'],
      [
        PASSWORD,
        [eventId, 'secret'],
        'Error: <level> must be one of public, unlisted, password, not "secret"',
      ],
      [PASSWORD, ['abc', 'password'], 'Error: event id "abc" must be a positive whole number'],
      [PASSWORD, ['999', 'password'], 'Error: No event has the id 999'],
    ] as const) {
      const res = await box.runWithInput(input, 'event', 'access', ...args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.err).toEqual([message]);
    }
    const noInput = await box.run('event', 'access', eventId, 'password');
    expect(noInput.code).toBe(1);
    expect(noInput.err).toEqual([
      'Error: This command needs the gallery’s password on standard input',
    ]);
    const missing = await box.run('event', 'access', eventId);
    expect(missing.code).not.toBe(0);
    expect(missing.err.join('\n')).toMatch(/missing required argument 'level'/);
  });

  it('asks for the password without echo on a terminal, and only for `password`', () => {
    expect(secretPrompt(['event', 'access', '7', 'password'])).toBe(
      "Password of event 7's gallery (at least 6 characters; not shown): ",
    );
    expect(secretPrompt(['event', 'access', '7', 'public'])).toBeUndefined();
  });

  it('reads the password from a pipe in the real command', async () => {
    const { code, out, err } = await spawnCli(
      ['event', 'access', eventId, 'password'],
      box.env,
      `${PASSWORD}\n`,
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`Event ${eventId} is password-protected`);
    await withSandboxServices(async (services) => {
      const granted = await services.access.grant(Number(eventId), 'city.example', PASSWORD);
      expect(granted.event_id).toBe(Number(eventId));
    });
  });
});
