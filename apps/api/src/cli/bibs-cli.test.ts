import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoBibs, photos } from '../adapters/db/schema.js';
import { DatabaseJobQueue } from '../adapters/jobs/db-queue.js';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { createCliSandbox } from '../test-support/cli.js';
import { testImage } from '../test-support/images.js';

let box: Awaited<ReturnType<typeof createCliSandbox>>;

beforeAll(async () => {
  box = await createCliSandbox();
  await writeFile(
    path.join(box.dataDir, 'org.json'),
    JSON.stringify({ name: 'City Runs', domains: ['city.example'] }),
  );
  expect((await box.run('organiser', 'apply', 'org.json')).code).toBe(0);
  expect(
    (
      await box.run(
        'event',
        'create',
        '--organiser',
        'city.example',
        '--name',
        'Ten K',
        '--date',
        '2025-05-01',
        '--published',
      )
    ).code,
  ).toBe(0);
});
afterAll(() => box.close());

async function look<T>(
  run: (r: Awaited<ReturnType<typeof openRuntime>>) => Promise<T>,
): Promise<T> {
  const runtime = await openRuntime(loadConfig(box.env), 'cli');
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}

describe('bibs, results and certificate commands', () => {
  it('import leaves bib OCR queued for the API; bibs set and clear tag a photo', async () => {
    const folder = path.join(box.dataDir, 'shoot');
    await mkdir(folder);
    await writeFile(path.join(folder, 'a.jpg'), await testImage({ colour: '#aa0000' }));
    const res = await box.run('import', '1', 'shoot');
    expect(res.code, res.err.join('\n')).toBe(0);
    expect(res.out).toContain('Imported 1, skipped 0 (already imported), failed 0 of 1 files.');
    const [uuid, queuedBibs] = await look(async (r) => {
      const rows = await r.database.db.select().from(photos);
      const counts = await new DatabaseJobQueue(r.database.db).counts(1);
      return [rows[0]!.uuid, counts.queued] as const;
    });
    expect(queuedBibs).toBe(1);
    const set = await box.run('bibs', 'set', uuid, '0123', '45');
    expect(set.out).toEqual([`Photo ${uuid}: manual bibs 123, 45`]);
    expect(await look((r) => r.database.db.select().from(photoBibs))).toHaveLength(2);
    expect((await box.run('bibs', 'set', uuid, 'no way')).code).toBe(1);
    expect((await box.run('bibs', 'clear', uuid)).out).toEqual([
      `Photo ${uuid}: manual bibs cleared`,
    ]);
    expect(await look((r) => r.database.db.select().from(photoBibs))).toHaveLength(0);
  });

  it('results import reports problems by line; certificate set validates the file', async () => {
    await writeFile(path.join(box.dataDir, 'r.csv'), 'Dorsal;Nom\n12;Ana\n;Nobody\n');
    const res = await box.run('results', 'import', '1', 'r.csv', '--map', 'bib:Dorsal,name:Nom');
    expect(res.code, res.err.join('\n')).toBe(0);
    expect(res.err[0]).toMatch(/^line 3: /);
    expect(res.out[0]).toMatch(
      /^Imported 1 results into event 1 \(1 problem\)\. Columns: bib=Dorsal, name=Nom/,
    );
    await writeFile(
      path.join(box.dataDir, 'cert.json'),
      JSON.stringify({
        page: { size: 'A4', orientation: 'portrait' },
        background_url: 'https://cdn.example.com/c.png',
        fields: [
          {
            key: 'name',
            x: 100,
            y: 200,
            font_size: 30,
            colour: '#000',
            align: 'left',
            font_weight: 'bold',
          },
        ],
      }),
    );
    expect((await box.run('certificate', 'set', '1', 'cert.json')).out).toEqual([
      'Certificate template set for event 1 (1 fields)',
    ]);
    await writeFile(path.join(box.dataDir, 'bad.json'), JSON.stringify({ page: {} }));
    const bad = await box.run('certificate', 'set', '1', 'bad.json');
    expect(bad.code).toBe(1);
    expect(bad.err.join('\n')).toMatch(/background_url/);
  });
});
