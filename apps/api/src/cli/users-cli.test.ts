import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SIGN_IN_REFUSED } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { createServices, type Services } from '../services/index.js';
import { createCliSandbox, spawnCli } from '../test-support/cli.js';
import { testDatabaseKind } from '../test-support/database.js';
import type { CliIo } from './io.js';
import type { OperatorChannel } from './operator-channel.js';
import { runInRunningApi, serveOperatorCommands } from './running-api.js';

// Each command opens the embedded database afresh: seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const PASSWORD = 'a long enough password';
let box: Awaited<ReturnType<typeof createCliSandbox>>;

beforeAll(async () => {
  box = await createCliSandbox();
  await writeFile(
    path.join(box.dataDir, 'org.json'),
    JSON.stringify({ name: 'City Runs', domains: ['city.example'] }),
  );
  expect((await box.run('organiser', 'apply', 'org.json')).code).toBe(0);
});
afterAll(() => box.close());

describe('user create, list, remove', () => {
  it('creates a user with the password from standard input, an owner unless told', async () => {
    const owner = await box.runWithInput(
      PASSWORD,
      'user',
      'create',
      'city.example',
      'Ana@City.Example',
    );
    expect(owner.err).toEqual([]);
    expect(owner.code).toBe(0);
    expect(owner.out.join('\n')).toMatch(
      /^Created owner ana@city\.example of organiser \d+ \(city\.example\)/,
    );
    const photographer = await box.runWithInput(
      PASSWORD,
      'user',
      'create',
      'city.example',
      'sam@city.example',
      '--role',
      'photographer',
    );
    expect(photographer.code).toBe(0);
    const list = await box.run('user', 'list', 'city.example');
    expect(list.out.slice(0, 3).map((l) => l.split('\t').slice(0, 2))).toEqual([
      ['email', 'role'],
      ['ana@city.example', 'owner'],
      ['sam@city.example', 'photographer'],
    ]);
    expect(list.out.join('\n')).not.toContain(PASSWORD);
  });

  it('refuses a short or missing password, a bad role or email, a taken email, an unknown host', async () => {
    for (const [input, args, message] of [
      [
        'short',
        ['city.example', 'bo@city.example'],
        'Error: A password has at least 10 characters',
      ],
      ['', ['city.example', 'bo@city.example'], 'Error: A password has at least 10 characters'],
      [
        PASSWORD,
        ['city.example', 'bo@city.example', '--role', 'boss'],
        'Error: --role must be one of owner, editor, photographer, not boss',
      ],
      [
        PASSWORD,
        ['city.example', 'not-an-email'],
        'Error: <email>: must be an email address such as ana@example.com',
      ],
      [
        PASSWORD,
        ['city.example', 'ana@city.example'],
        'Error: city.example already has a user ana@city.example',
      ],
      [
        PASSWORD,
        ['nowhere.example', 'bo@city.example'],
        "Error: No organiser is configured for the domain 'nowhere.example'",
      ],
    ] as const) {
      const res = await box.runWithInput(input, 'user', 'create', ...args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.err).toEqual([message]);
    }
    const list = await box.run('user', 'list', 'city.example');
    expect(list.out.join('\n')).not.toContain('bo@city.example');
  });

  it('removes a user and says so; an unknown one is an error', async () => {
    const removed = await box.run('user', 'remove', 'city.example', 'sam@city.example');
    expect(removed.code).toBe(0);
    expect(removed.out).toEqual([
      'Removed sam@city.example from city.example; its sessions have ended.',
    ]);
    const again = await box.run('user', 'remove', 'city.example', 'sam@city.example');
    expect(again.code).toBe(1);
    expect(again.err).toEqual([
      'Error: city.example has no user sam@city.example (user list city.example shows them)',
    ]);
  });

  it('reads the password from a pipe in the real command', async () => {
    const { code, out, err } = await spawnCli(
      ['user', 'create', 'city.example', 'pipe@city.example', '--role', 'editor'],
      box.env,
      `${PASSWORD}\n`,
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('Created editor pipe@city.example');
  });
});

// While the API holds the embedded database, the CLI reads the password and the API runs the command.
describe.runIf(testDatabaseKind() === 'pglite')('user create through a running API', () => {
  let dataDir: string;
  let runtime: Runtime;
  let services: Services;
  let channel: OperatorChannel;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'eventsite-operator-'));
    Object.assign(env, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const config = loadConfig(env);
    runtime = await openRuntime(config, 'api');
    services = createServices(runtime.database.db, runtime.blobs, {
      ocrEnabled: false,
      facesEnabled: false,
    });
    channel = await serveOperatorCommands(dataDir, { services, runtime, config }, env);
    await services.organisers.apply({
      name: 'Trail Co',
      domains: ['trail.example'],
      logo: '',
      description: '',
      website: '',
      contact_email: '',
      expiry_at: null,
      extra_config: {},
      contact_form: { iframeSrc: '', scriptSrc: '', notify_email: '' },
    });
  });
  afterAll(async () => {
    await channel?.close();
    await runtime?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a user who can sign in with that password', async () => {
    const prompts: string[] = [];
    const out: string[] = [];
    const io: CliIo = {
      env,
      cwd: dataDir,
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      isTty: false,
      readSecret: async (prompt) => {
        prompts.push(prompt);
        return PASSWORD;
      },
    };
    expect(
      await runInRunningApi(['user', 'create', 'trail.example', 'kim@trail.example'], io),
    ).toBe(0);
    expect(prompts).toEqual([
      'Password for kim@trail.example (at least 10 characters; not shown): ',
    ]);
    expect(out.join('\n')).toContain('Created owner kim@trail.example');
    const session = await services.console.signIn('trail.example', 'kim@trail.example', PASSWORD);
    expect(session.user).toEqual({ email: 'kim@trail.example', role: 'owner' });
    await expect(
      services.console.signIn('trail.example', 'kim@trail.example', 'wrong password'),
    ).rejects.toThrow(SIGN_IN_REFUSED);
  });
});
