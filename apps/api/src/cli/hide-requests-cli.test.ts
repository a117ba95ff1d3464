import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliSandbox } from '../test-support/cli.js';

/** `event hide-requests <id>`: the operator sees counts of an event's hide requests, never a face. */
let box: Awaited<ReturnType<typeof createCliSandbox>>;

beforeAll(async () => {
  box = await createCliSandbox();
  const file = path.join(box.dataDir, 'city.json');
  await writeFile(file, JSON.stringify({ name: 'City Runs', domains: ['city.example'] }));
  expect((await box.run('organiser', 'apply', file)).code).toBe(0);
  const created = await box.run(
    'event',
    'create',
    '--organiser',
    'city.example',
    '--name',
    'Hide Run',
    '--date',
    '2025-05-01',
  );
  expect(created.code, created.err.join('\n')).toBe(0);
});
afterAll(() => box.close());

describe('event hide-requests', () => {
  it('counts the requests, the blurred faces and their photos', async () => {
    expect(await box.run('event', 'hide-requests', '1')).toMatchObject({
      code: 0,
      out: ['Event 1: 0 hide requests; 0 faces blurred on 0 photos'],
    });
  });

  it('says so for an event that does not exist or an id that is not one', async () => {
    const missing = await box.run('event', 'hide-requests', '99');
    expect(missing.code).not.toBe(0);
    expect(missing.err.join('\n')).toMatch(/99/);
    const bad = await box.run('event', 'hide-requests', 'x');
    expect(bad.code).not.toBe(0);
    expect(bad.err.join('\n')).toMatch(/event id "x"/);
  });
});
