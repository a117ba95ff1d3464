import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiTokens } from '../adapters/db/schema.js';
import { DataDirLockedError, LOCK_FILE } from '../adapters/lock.js';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { createServices } from '../services/index.js';
import { createCliSandbox } from '../test-support/cli.js';
import { testImage } from '../test-support/images.js';

let box: Awaited<ReturnType<typeof createCliSandbox>>;

// Each command opens the embedded database afresh (its WebAssembly start and, the first time, its
// migrations): a few seconds each on a quiet machine, several times that on a busy one.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

beforeAll(async () => {
  box = await createCliSandbox();
});
afterAll(() => box.close());

async function writeJson(name: string, value: unknown) {
  await writeFile(path.join(box.dataDir, name), JSON.stringify(value));
  return name;
}

/** Opens the same database as the CLI, for a look behind its back. */
async function withRuntime<T>(
  run: (r: Awaited<ReturnType<typeof openRuntime>>) => Promise<T>,
): Promise<T> {
  const runtime = await openRuntime(loadConfig(box.env), 'cli');
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}

describe('organiser', () => {
  it('apply creates, then updates the organiser matched by its first domain; list shows it', async () => {
    const file = await writeJson('city.json', {
      name: 'City Runs',
      domains: ['city.example', 'www.city.example'],
      extra_config: { themeColor: '#2E6F40' },
    });
    expect(await box.run('organiser', 'apply', file)).toEqual({
      code: 0,
      out: ["Created organiser 1 'City Runs' (city.example, www.city.example)"],
      err: [],
    });
    await writeJson('city.json', { name: 'City Runs Ltd', domains: ['city.example'] });
    expect((await box.run('organiser', 'apply', file)).out).toEqual([
      "Updated organiser 1 'City Runs Ltd' (city.example)",
    ]);
    const list = await box.run('organiser', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toEqual(['1\tCity Runs Ltd\tcity.example\t0/0 events published']);
  });

  it('refuses an invalid file, naming the file and each field', async () => {
    const file = await writeJson('bad.json', {
      name: 'X',
      domains: ['x.example'],
      extra_config: {
        themeColor: 'red',
        footer_config: { socialMediaLinks: [{ platform: 'x', url: 'javascript:alert(1)' }] },
      },
    });
    const res = await box.run('organiser', 'apply', file);
    expect(res.code).toBe(1);
    const text = res.err.join('\n');
    expect(text).toContain('bad.json is not a valid organiser config');
    expect(text).toContain(
      'bad.json: extra_config.themeColor: must be a hex colour such as #2E6F40',
    );
    expect(text).toContain(
      'bad.json: extra_config.footer_config.socialMediaLinks.0.url: must be an absolute http:// or https:// URL',
    );
    expect((await box.run('organiser', 'list')).out).toHaveLength(1);
  });

  it('refuses a file that is not JSON, a missing file, and a domain of another organiser', async () => {
    await writeFile(path.join(box.dataDir, 'broken.json'), '{ nope');
    expect((await box.run('organiser', 'apply', 'broken.json')).err[0]).toMatch(
      /^Error: broken\.json: is not valid JSON/,
    );
    expect((await box.run('organiser', 'apply', 'missing.json')).err[0]).toBe(
      'Error: missing.json: cannot be read (ENOENT)',
    );
    const file = await writeJson('thief.json', {
      name: 'Thief',
      domains: ['thief.example', 'city.example'],
    });
    const res = await box.run('organiser', 'apply', file);
    expect(res.code).toBe(1);
    expect(res.err[0]).toBe("Error: domains: 'city.example' already belongs to organiser 1");
  });
});

describe('event', () => {
  it('create, update, publish, unpublish and list', async () => {
    const created = await box.run(
      'event',
      'create',
      '--organiser',
      'city.example',
      '--name',
      'Zürich Night Run',
      '--date',
      '2025-05-01',
      '--city',
      'Zürich',
    );
    expect(created).toMatchObject({
      code: 0,
      out: ["Created event 1 'Zürich Night Run' (zurich-night-run-1), unpublished"],
    });
    expect(
      (await box.run('event', 'update', '1', '--name', 'Zurich Night Run 2025', '--city', 'Zurich'))
        .out,
    ).toEqual(["Updated event 1 'Zurich Night Run 2025' (zurich-night-run-2025-1)"]);
    expect((await box.run('event', 'publish', '1')).out).toEqual([
      "Event 1 'Zurich Night Run 2025' is now published",
    ]);
    await box.run(
      'event',
      'create',
      '--organiser',
      'CITY.example',
      '--name',
      'Later Run',
      '--date',
      '2026-01-01',
      '--published',
    );
    const list = await box.run('event', 'list', '--organiser', 'city.example');
    expect(list.out).toEqual([
      '2\t2026-01-01\tpublished  \t0 photos\tLater Run\t\t(later-run-2)',
      '1\t2025-05-01\tpublished  \t0 photos\tZurich Night Run 2025\tZurich\t(zurich-night-run-2025-1)',
    ]);
    expect((await box.run('event', 'unpublish', '2')).out).toEqual([
      "Event 2 'Later Run' is now unpublished",
    ]);
  });

  it('merges an event_photos_config patch from --config', async () => {
    const file = await writeJson('cfg.json', {
      feature_flag: { selfie_search: true },
      bib_config: { placeholder_text: 'Bib #' },
    });
    expect((await box.run('event', 'update', '1', '--config', file)).code).toBe(0);
    await writeJson('cfg2.json', { feature_flag: { video_enabled: true } });
    await box.run('event', 'update', '1', '--config', 'cfg2.json');
    const config = await withRuntime((r) =>
      createServices(r.database.db, r.blobs).events.config(1),
    );
    expect(config.event_photos_config.feature_flag).toMatchObject({
      selfie_search: true,
      video_enabled: true,
      bib_search: true,
    });
    expect(config.event_photos_config.bib_config.placeholder_text).toBe('Bib #');
  });

  it.each([
    [
      ['event', 'create', '--organiser', 'city.example', '--name', 'X', '--date', '2025-02-30'],
      '--date: must be a real calendar date',
    ],
    [
      ['event', 'create', '--organiser', 'city.example', '--name', 'X', '--date', 'tomorrow'],
      '--date: must be a date as YYYY-MM-DD',
    ],
    [
      ['event', 'create', '--organiser', 'bad domain', '--name', 'X', '--date', '2025-01-01'],
      '--organiser: must be a host name such as photos.example.com',
    ],
    [
      ['event', 'create', '--organiser', 'nobody.example', '--name', 'X', '--date', '2025-01-01'],
      "No organiser is configured for the domain 'nobody.example'",
    ],
    [['event', 'publish', 'abc'], 'event id "abc" must be a positive whole number'],
    [['event', 'publish', '999'], 'No event has the id 999'],
    [['event', 'update', '1'], 'Nothing to change'],
  ])('%j → a clear error, exit 1', async (args, message) => {
    const res = await box.run(...args);
    expect(res.code).toBe(1);
    expect(res.err.join('\n')).toContain(message);
  });

  it('reports a missing option through commander', async () => {
    const res = await box.run('event', 'create', '--name', 'X');
    expect(res.code).toBe(1);
    expect(res.err.join('\n')).toContain("required option '--organiser <domain>' not specified");
  });
});

describe('import', () => {
  it('imports a folder, reports bad files by name, is idempotent, exits non-zero on failures', async () => {
    const folder = path.join(box.dataDir, 'shoot');
    await mkdir(folder);
    const a = await testImage({ colour: '#aa0000' });
    await writeFile(path.join(folder, 'a.jpg'), a);
    await writeFile(
      path.join(folder, 'b.webp'),
      await testImage({ format: 'webp', colour: '#00aa00' }),
    );
    await writeFile(path.join(folder, 'a-copy.jpg'), a);
    await writeFile(path.join(folder, 'readme.txt'), 'not a photo');
    await writeFile(path.join(folder, '.DS_Store'), 'hidden');
    const first = await box.run('import', '1', 'shoot');
    expect(first.code).toBe(1);
    expect(first.err).toContain('FAILED readme.txt: is not a JPEG, PNG or WebP image');
    expect(first.out).toContain('Imported 2, skipped 1 (already imported), failed 1 of 4 files.');
    expect(first.out.some((l) => /^Importing into event 1: 4\/4 \(100%\)$/.test(l))).toBe(true);
    expect(first.err.at(-1)).toBe('Error: 1 file could not be imported (listed above).');

    const again = await box.run('import', '1', 'shoot');
    expect(again.out).toContain('Imported 0, skipped 3 (already imported), failed 1 of 4 files.');
    await writeFile(
      path.join(folder, 'readme.txt'),
      await testImage({ format: 'png', colour: '#0000aa' }),
    );
    const fixed = await box.run('import', '1', 'shoot');
    expect(fixed.code).toBe(0);
    expect(fixed.out).toContain('Imported 1, skipped 3 (already imported), failed 0 of 4 files.');
    expect((await box.run('event', 'list', '--organiser', 'city.example')).out[1]).toContain(
      '3 photos',
    );
  });

  it('refuses a missing folder and an unknown event', async () => {
    expect((await box.run('import', '1', 'nowhere')).err[0]).toBe(
      `Error: ${path.join(box.dataDir, 'nowhere')}: no such folder`,
    );
    expect((await box.run('import', '77', 'shoot')).err[0]).toBe('Error: No event has the id 77');
  });
});

describe('contact and token', () => {
  it('contact list shows the messages of that organiser only', async () => {
    expect((await box.run('contact', 'list', '--organiser', 'city.example')).out).toEqual([
      'No contact messages for city.example',
    ]);
    await withRuntime(async (r) => {
      const services = createServices(r.database.db, r.blobs);
      await services.contact.submit(
        'city.example',
        { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Line 1\nLine 2' },
        '1.2.3.4',
      );
    });
    const res = await box.run('contact', 'list', '--organiser', 'city.example');
    expect(res.out[0]).toMatch(
      /^#1 \d{4}-\d\d-\d\dT.* from Ada <ada@example.com> via city.example$/,
    );
    expect(res.out.slice(1)).toEqual(['  Subject: Hi', '  Line 1', '  Line 2']);
  });

  it('token create prints the token last and stores only its hash', async () => {
    const res = await box.run('token', 'create', 'city.example', '--label', 'ci');
    expect(res.code).toBe(0);
    const token = res.out.at(-1)!;
    expect(token).toMatch(/^est_[A-Za-z0-9_-]{43}$/);
    const rows = await withRuntime((r) =>
      r.database.db.select().from(apiTokens).where(eq(apiTokens.organiserId, 1)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('demo on a database that has data', () => {
  it('--if-empty does nothing and succeeds; without it, refuses', async () => {
    expect(await box.run('demo', '--if-empty')).toMatchObject({
      code: 0,
      out: ['The database already has 1 organiser(s): demo data not created.'],
    });
    const res = await box.run('demo');
    expect(res.code).toBe(1);
    expect(res.err[0]).toMatch(/The demo needs an empty database/);
  });

  it('--small-events takes a whole number of photos, at least 1', async () => {
    for (const bad of ['0', '2.5', 'few']) {
      const res = await box.run('demo', '--small-events', bad);
      expect(res.code).toBe(1);
      expect(res.err[0]).toMatch(/--small-events: must be a whole number of photos, at least 1/);
    }
    const both = await box.run('demo', '--whole-events', '--small-events', '5');
    expect(both.code).toBe(1);
    expect(both.err[0]).toMatch(/--whole-events and --small-events: choose one/);
  });
});

describe('the embedded database lock', () => {
  let holder: ChildProcess | undefined;
  afterAll(() => {
    holder?.kill();
  });
  const lockFile = () => path.join(box.dataDir, LOCK_FILE);

  it('refuses while another live process holds the data folder (PGlite), works with PostgreSQL', async () => {
    holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await writeFile(
      lockFile(),
      JSON.stringify({ pid: holder.pid, role: 'api', since: new Date().toISOString() }),
    );
    const res = await box.run('organiser', 'list');
    if (box.kind === 'pglite') {
      expect(res.code).toBe(1);
      expect(res.err).toEqual([
        `Error: The API (pid ${holder.pid}) holds the embedded database in ${box.dataDir} and did not answer this command on its operator socket (it may still be starting): try again in a moment.`,
      ]);
      expect(existsSync(lockFile())).toBe(true);
    } else {
      expect(res.code).toBe(0);
    }
  });

  it('takes over the lock of a dead process and releases it after', async () => {
    holder!.kill();
    await new Promise((resolve) => holder!.once('exit', resolve));
    const res = await box.run('organiser', 'list');
    expect(res.code).toBe(0);
    if (box.kind === 'pglite') expect(existsSync(lockFile())).toBe(false);
  });

  it('lets one process at a time open the embedded database', async () => {
    if (box.kind !== 'pglite') return;
    const first = await openRuntime(loadConfig(box.env), 'api');
    try {
      await expect(openRuntime(loadConfig(box.env), 'cli')).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
      const res = await box.run('event', 'publish', '1');
      expect(res.err[0]).toContain(`The API (pid ${process.pid}) holds the embedded database`);
    } finally {
      await first.close();
    }
    expect((await box.run('organiser', 'list')).code).toBe(0);
  });
});
