import { contactUs, envelope, organiserData, organiserInput } from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser, seedPhotos, seedPublishedEvent } from '../test-support/fixtures.js';
import { storedKeys } from '../test-support/stack.js';

let t: TestApp;
let eventId: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ PORT: '4100' });
  eventId = await seedPublishedEvent(t.services);
  await seedPhotos(t.services, eventId, [{}, {}]);
  await seedOrganiser(t.services, {
    name: 'Logo Co',
    domains: ['logo.example'],
    logo: '',
  });
  token = await adminToken(t.services, 'localhost');
}, 120_000);
afterAll(() => t.close());

describe('generated URLs never take the Host header', () => {
  it.each(['attacker.example', 'attacker.example:443', 'localhost:1', '127.0.0.1'])(
    'Host: %s → the hosted contact form stays on the API’s own address',
    async (host) => {
      const res = await t.app.inject({
        url: '/api/v1/client/events/organiser/contact-us?app_domain=localhost',
        headers: { host },
      });
      expect(res.statusCode).toBe(200);
      expect(envelope(contactUs).parse(res.json()).data.contact_us.form.iframeSrc).toBe(
        'http://localhost:4100/forms/contact?app_domain=localhost',
      );
      expect(res.body).not.toContain('attacker');
    },
  );

  it('PUBLIC_API_URL is used as it is', async () => {
    const other = await createTestApp({ PUBLIC_API_URL: 'https://api.example.com/' });
    try {
      await seedOrganiser(other.services, { name: 'A', domains: ['a.example'] });
      const res = await other.app.inject({
        url: '/api/v1/client/events/organiser/contact-us?app_domain=a.example',
        headers: { host: 'attacker.example' },
      });
      expect(res.json().data.contact_us.form.iframeSrc).toBe(
        'https://api.example.com/forms/contact?app_domain=a.example',
      );
      const data = await other.app.inject({
        url: '/api/v1/client/events/organiser/data?app_domain=a.example',
        headers: { host: 'attacker.example' },
      });
      expect(envelope(organiserData).parse(data.json()).data).toBeDefined();
      expect(data.body).not.toContain('attacker');
    } finally {
      await other.close();
    }
  });
});

describe('crafted cursors', () => {
  const cursor = (at: string, uuid = '00000000-0000-4000-8000-000000000000') =>
    Buffer.from(JSON.stringify([at, uuid])).toString('base64url');
  it.each([
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '99999-01-01T00:00:00Z',
    '2025-01-01',
    '2025-13-45T99:99:99Z',
  ])('a cursor at %s → 400', async (at) => {
    const res = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/photos?cursor=${cursor(at)}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/cursor is not valid/);
  });

  it('a cursor from a real page still works', async () => {
    const first = await t.app.inject({ url: `/api/v1/client/events/${eventId}/photos?limit=1` });
    const next = first.json().data.next_cursor as string;
    const res = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/photos?limit=1&cursor=${next}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.photos).toHaveLength(1);
  });
});

describe('multipart bodies that cannot be read', () => {
  const part =
    '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
  it.each([
    ['no boundary', 'multipart/form-data', 'hello'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'hello'],
    ['a body cut off inside a file', 'multipart/form-data; boundary=XX', `${part}\xff\xd8\xffabc`],
    [
      'a body cut off inside the headers',
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Dispos',
    ],
    ['no boundary line at all', 'multipart/form-data; boundary=XX', 'garbage'],
    ['a boundary that is never closed', 'multipart/form-data; boundary=XX', `${part}abc\r\n--XX`],
  ])('%s → 400, and no file is left behind', async (_label, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/photos`,
      headers: { ...bearer(token), 'content-type': type },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/multipart/i);
    expect(await storedKeys(t.blobs.incoming)).toEqual([]);
  });
});

describe('social links', () => {
  const organiser = (icon: string) => ({
    name: 'Icons',
    domains: ['icons.example'],
    extra_config: {
      footer_config: {
        socialMediaLinks: [{ platform: 'instagram', url: 'https://instagram.com/x', icon }],
      },
    },
  });
  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example/i.png',
    'not a url',
  ])('an icon %j is refused on input', (icon) => {
    const parsed = organiserInput.safeParse(organiser(icon));
    expect(parsed.success).toBe(false);
  });
  it.each(['', 'https://cdn.example.com/i.png'])('an icon %j is accepted', (icon) => {
    expect(organiserInput.safeParse(organiser(icon)).success).toBe(true);
  });
});
