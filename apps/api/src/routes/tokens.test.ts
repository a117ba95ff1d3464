import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisers } from '../adapters/db/schema.js';
import { bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { createCliSandbox } from '../test-support/cli.js';

// Admin tokens expire, can be listed and revoked, stop working when the organiser's account
// expires, and guessing them is slowed to a handful of tries per client.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
}, 120_000);
afterAll(() => t.close());

const jobs = (token: string, remoteAddress = '192.0.2.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: { name: 'Run', event_date: '2025-01-01' },
    remoteAddress,
  });

describe('token expiry and revocation', () => {
  it('a new token works for 90 days by default, and is refused once expired', async () => {
    const created = await t.services.tokens.create('city.example', 'laptop');
    const days = (created.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    expect((await jobs(created.token)).statusCode).toBe(201);

    // The same token, seen by a service whose clock is 91 days later.
    const later = new Date(Date.now() + 91 * 86_400_000);
    const { ApiTokenService } = await import('../services/tokens.js');
    const { ApiTokenRepository } = await import('../repositories/tokens.js');
    const future = new ApiTokenService(
      new ApiTokenRepository(t.database.db),
      t.services.organisers,
      () => later,
    );
    expect(await future.authenticate(created.token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('an expired token answers 401 saying so', async () => {
    const created = await t.services.tokens.create('city.example', 'short', 1);
    await t.database.db.execute(
      `update api_tokens set expires_at = now() - interval '1 minute' where id = ${created.id}` as never,
    );
    const res = await jobs(created.token, '192.0.2.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/has expired/);
  });

  it('a revoked token stops working at once; revoking is per organiser', async () => {
    const created = await t.services.tokens.create('city.example', 'ci');
    expect((await jobs(created.token, '192.0.2.3')).statusCode).toBe(201);
    await expect(t.services.tokens.revoke('trail.example', created.id)).rejects.toThrow(
      /has no active token/,
    );
    expect((await jobs(created.token, '192.0.2.3')).statusCode).toBe(201);
    await t.services.tokens.revoke('city.example', created.id);
    const res = await jobs(created.token, '192.0.2.3');
    expect(res.statusCode).toBe(401);
    const listed = await t.services.tokens.list('city.example');
    expect(listed.find((r) => r.id === created.id)).toMatchObject({
      state: 'revoked',
      label: 'ci',
    });
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it('every token of an organiser whose account expired is refused (403)', async () => {
    await seedOrganiser(t.services, { name: 'Old Co', domains: ['old.example'] });
    const created = await t.services.tokens.create('old.example');
    expect((await jobs(created.token, '192.0.2.4')).statusCode).toBe(201);
    await t.database.db
      .update(organisers)
      .set({ expiryAt: new Date(Date.now() - 60_000) })
      .where(eq(organisers.name, 'Old Co'));
    const res = await jobs(created.token, '192.0.2.4');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/account has expired/);
  });
});

describe('guessing tokens', () => {
  it('after 10 failed authentications a client is refused, even with a good token; others are not', async () => {
    const good = (await t.services.tokens.create('city.example')).token;
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) {
      const guess = `est_${String(i).padStart(43, 'x')}`;
      expect((await jobs(guess, ip)).statusCode).toBe(401);
    }
    const refused = await jobs(good, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many failed authentications/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await jobs(good, '198.51.100.8')).statusCode).toBe(201);
  });

  it('successful requests are not counted', async () => {
    const good = (await t.services.tokens.create('city.example')).token;
    for (let i = 0; i < 15; i += 1) expect((await jobs(good, '198.51.100.9')).statusCode).toBe(201);
  });
});

describe('token commands', () => {
  it('token create --days, token list, token revoke', async () => {
    const box = await createCliSandbox();
    try {
      const applied = await box.run('organiser', 'apply', await writeOrganiser(box.dataDir));
      expect(applied.code, applied.err.join('\n')).toBe(0);
      const created = await box.run(
        'token',
        'create',
        'cli.example',
        '--label',
        'ci',
        '--days',
        '7',
      );
      expect(created.code, created.err.join('\n')).toBe(0);
      expect(created.out[0]).toMatch(
        /^Admin token 1 for organiser 1 \(cli\.example\), valid until \d{4}-\d\d-\d\d/,
      );
      const token = created.out.at(-1)!;
      const listed = await box.run('token', 'list', 'cli.example');
      expect(listed.out[0]).toBe('id\tstate\tcreated\tlast used\texpires\tlabel');
      expect(listed.out[1]).toMatch(/^1\tactive\t.*\tci$/);
      expect(listed.out.join('\n')).not.toContain(token);
      expect((await box.run('token', 'revoke', 'cli.example', '1')).out).toEqual([
        'Token 1 of cli.example is revoked.',
      ]);
      expect((await box.run('token', 'list', 'cli.example')).out[1]).toMatch(/^1\trevoked\t/);
      const again = await box.run('token', 'revoke', 'cli.example', '1');
      expect(again.code).not.toBe(0);
      expect((await box.run('token', 'create', 'cli.example', '--days', '0')).code).not.toBe(0);
    } finally {
      await box.close();
    }
  });
});

async function writeOrganiser(dir: string): Promise<string> {
  const { writeFile } = await import('node:fs/promises');
  const file = `${dir}/organiser.json`;
  await writeFile(file, JSON.stringify({ name: 'CLI Co', domains: ['cli.example'] }));
  return file;
}
