import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser, seedPublishedEvent } from '../test-support/fixtures.js';

// What we keep about visitors: nothing of who they are or what they looked for. A contact
// message keeps what its sender wrote, not their address; a failed search leaves its path in
// the log, not the bib or the name searched.

let t: TestApp;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  eventId = await seedPublishedEvent(t.services);
  await seedOrganiser(t.services, { name: 'Runs', domains: ['runs.example'] });
}, 120_000);
afterAll(() => t.close());

describe('visitors', () => {
  it("a contact message does not keep its sender's address", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/forms/contact?app_domain=runs.example',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
      remoteAddress: '198.51.100.23',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [message] = await t.services.contact.list('runs.example');
    expect(message).toMatchObject({ name: 'Ada', ip: '' });
    expect(JSON.stringify(message)).not.toContain('198.51.100.23');
  });

  it('a failed search is logged without the name or the bib searched', async () => {
    const before = t.logs.length;
    const res = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/photos?name=Zoe%20Searchedfor&limit=10`,
    });
    expect(res.statusCode).toBe(403);
    const bib = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/4242` });
    expect(bib.statusCode).toBe(403);
    const lines = JSON.stringify(t.logs.slice(before));
    expect(lines).toContain(`/api/v1/client/events/${eventId}/photos?name=…&limit=…`);
    expect(lines).toContain(`/api/v1/client/events/${eventId}/results/:bib`);
    expect(lines).not.toContain('Searchedfor');
    expect(lines).not.toContain('4242');
    expect(lines).not.toMatch(/198\.51\.100/);
  });
});
