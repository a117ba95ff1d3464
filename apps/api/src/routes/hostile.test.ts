// Longer than 400 lines: one table of hostile inputs per route, run against one app, so a new
// route's cases sit beside the others and share its set-up.
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, multipart, waitForJobs } from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';
import { testImage } from '../test-support/images.js';

// The hostile-input suite: every input below is really sent to the API (app.inject) and its
// answer checked. None may answer 5xx, and none may leak: no stack trace, file path, SQL, token,
// nor anything of another organiser, of an unpublished event, or of a private gallery's photos.
// Two organisers (Alpha, Bravo) each have a public gallery, a private gallery (privacy mode) and
// an unpublished event.

let t: TestApp;
const tokens = { alpha: '', bravo: '' };
const ev = {
  alphaPublic: 0,
  alphaPrivate: 0,
  alphaHidden: 0,
  bravoPublic: 0,
  bravoPrivate: 0,
  bravoHidden: 0,
};
const photo = {
  alphaPublic: '',
  alphaPrivate: '',
  alphaHidden: '',
  bravoPublic: '',
  bravoPrivate: '',
  bravoHidden: '',
};

/** What no answer may contain. Filled once the data exists. */
const secrets: string[] = [];

const tally = { sent: 0, serverErrors: [] as string[], leaks: [] as string[] };

interface Probe {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
  remoteAddress?: string;
}

function leaksIn(body: string, allowed: string[] = []): string[] {
  const found: string[] = [];
  if (/\bat [^\n]*\.(ts|js|mjs):\d+/.test(body)) found.push('a stack trace');
  if (body.includes(t.dataDir) || /\/work\/|node_modules|\/tmp\/|\/home\//.test(body))
    found.push('a file path');
  if (/Failed query|select .+ from |syntax error at|relation "|violates .* constraint/i.test(body))
    found.push('SQL');
  if (/est_[A-Za-z0-9_-]{40,}/.test(body)) found.push('a token');
  for (const secret of secrets)
    if (!allowed.includes(secret) && body.includes(secret)) found.push(`the secret ${secret}`);
  return found;
}

/** Sends one hostile input; records a 5xx or a leak; answers the response for more checks. */
async function send(label: string, probe: Probe, allowed: string[] = []) {
  tally.sent += 1;
  const res = await t.app.inject({
    method: probe.method ?? 'GET',
    url: probe.url,
    headers: probe.headers,
    payload: probe.payload as string | Buffer | undefined,
    remoteAddress: probe.remoteAddress,
  });
  if (res.statusCode >= 500)
    tally.serverErrors.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const type = String(res.headers['content-type'] ?? '');
  if (!/^image\/|application\/zip/.test(type)) {
    // A secret the request itself names may be echoed back ("No photo has the id …").
    const asked = `${probe.url} ${typeof probe.payload === 'object' && !Buffer.isBuffer(probe.payload) ? JSON.stringify(probe.payload) : ''}`;
    const echoed = secrets.filter((secret) => asked.includes(secret));
    const leaks = leaksIn(res.body, [...allowed, ...echoed]);
    if (leaks.length > 0) tally.leaks.push(`${label}: ${leaks.join(', ')}`);
  }
  return res;
}

/** Sends and asserts at once, so that a failure names its input. */
async function expectSafe(label: string, probe: Probe, allowed: string[] = []) {
  const before = { errors: tally.serverErrors.length, leaks: tally.leaks.length };
  const res = await send(label, probe, allowed);
  expect(tally.serverErrors.slice(before.errors), label).toEqual([]);
  expect(tally.leaks.slice(before.leaks), label).toEqual([]);
  return res;
}

async function createEvent(token: string, name: string, flags: object, published = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/events',
    headers: bearer(token),
    payload: {
      name,
      event_date: '2025-05-01',
      published,
      event_photos_config: { feature_flag: flags },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function uploadOne(token: string, eventId: number, bytes: Buffer, filename = 'p.jpg') {
  const body = multipart([{ filename, bytes }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${eventId}/photos`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  return res;
}

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false', MAX_IMAGE_PIXELS: '50000000' });
  await seedOrganiser(t.services, { name: 'Alpha Runs', domains: ['alpha.example'] });
  await seedOrganiser(t.services, { name: 'Bravo Trails', domains: ['bravo.example'] });
  tokens.alpha = await adminToken(t.services, 'alpha.example');
  tokens.bravo = await adminToken(t.services, 'bravo.example');
  const everything = {
    bib_search: true,
    name_search: true,
    show_timing_data: true,
    bulk_download: true,
    enable_custom_certificate: true,
  };
  ev.alphaPublic = await createEvent(tokens.alpha, 'Alpha Open', everything);
  ev.alphaPrivate = await createEvent(tokens.alpha, 'Alpha Private', {
    ...everything,
    show_all_images: false,
  });
  ev.alphaHidden = await createEvent(tokens.alpha, 'Alpha Hidden Draft', everything, false);
  ev.bravoPublic = await createEvent(tokens.bravo, 'Bravo Open', everything);
  ev.bravoPrivate = await createEvent(tokens.bravo, 'Bravo Private', {
    ...everything,
    show_all_images: false,
  });
  ev.bravoHidden = await createEvent(tokens.bravo, 'Bravo Hidden Draft', everything, false);
  let colour = 0;
  for (const [key, token, eventId] of [
    ['alphaPublic', tokens.alpha, ev.alphaPublic],
    ['alphaPrivate', tokens.alpha, ev.alphaPrivate],
    ['alphaHidden', tokens.alpha, ev.alphaHidden],
    ['bravoPublic', tokens.bravo, ev.bravoPublic],
    ['bravoPrivate', tokens.bravo, ev.bravoPrivate],
    ['bravoHidden', tokens.bravo, ev.bravoHidden],
  ] as const) {
    const res = await uploadOne(
      token,
      eventId,
      await testImage({ colour: `hsl(${(colour += 50)}, 70%, 50%)` }),
    );
    expect(res.statusCode, res.body).toBe(202);
    photo[key] = res.json().data.accepted[0].uuid;
    await waitForJobs(t.services, eventId);
  }
  for (const [token, eventId, name] of [
    [tokens.alpha, ev.alphaPrivate, 'Ada Privaterunner'],
    [tokens.bravo, ev.bravoPrivate, 'Zed Privaterunner'],
    [tokens.bravo, ev.bravoHidden, 'Hidden Bravorunner'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/results`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: `Bib,Name,Time\n777,${name},0:42:00\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/photos/${photo.bravoPrivate}/bibs`,
    headers: bearer(tokens.bravo),
    payload: { bibs: ['777'] },
  });
  secrets.push(
    'Alpha Hidden Draft',
    'Bravo Hidden Draft',
    'Hidden Bravorunner',
    photo.alphaHidden,
    photo.bravoHidden,
    photo.alphaPrivate,
    photo.bravoPrivate,
    'Zed Privaterunner',
    'Ada Privaterunner',
  );
}, 120_000);

afterAll(async () => {
  console.log(
    `hostile suite: ${tally.sent} inputs sent, ${tally.serverErrors.length} answered 5xx, ${tally.leaks.length} leaked`,
  );
  await t.close();
});

/** Values a hostile caller puts in a query string or a path. */
const HOSTILE_VALUES = [
  '',
  ' ',
  '%00',
  '%0d%0aX-Injected:%201',
  "'%20OR%201=1--",
  '1;drop%20table%20photos',
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(3000),
  '%F0%9F%8F%83',
  '%ff%fe',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '%5B%5D',
  '%7B%7D',
  'null',
  'undefined',
  '%25',
  '%5C',
  '9'.repeat(40),
  '-1',
  '1.5',
];

describe('query values', () => {
  const routes: Array<[string, (v: string) => string]> = [
    ['app_domain on organiser data', (v) => `/api/v1/client/events/organiser/data?app_domain=${v}`],
    [
      'page on all-events',
      (v) => `/api/v1/client/events/organiser/all-events?app_domain=alpha.example&page=${v}`,
    ],
    [
      'page_size on all-events',
      (v) => `/api/v1/client/events/organiser/all-events?app_domain=alpha.example&page_size=${v}`,
    ],
    ['bib search', (v) => `/api/v1/client/events/${ev.alphaPublic}/photos?bib=${v}`],
    ['name search', (v) => `/api/v1/client/events/${ev.alphaPrivate}/photos?name=${v}`],
    ['cursor', (v) => `/api/v1/client/events/${ev.alphaPublic}/photos?cursor=${v}`],
    ['limit', (v) => `/api/v1/client/events/${ev.alphaPublic}/photos?limit=${v}`],
    ['photo width', (v) => `/events/photos/${photo.alphaPublic}?w=${v}`],
    ['photo download flag', (v) => `/events/photos/${photo.alphaPublic}?download=${v}`],
    [
      'app_domain on event config',
      (v) => `/api/v1/client/events/${ev.alphaPublic}/config?app_domain=${v}`,
    ],
    ['contact form app_domain', (v) => `/forms/contact?app_domain=${v}`],
  ];
  for (const [name, url] of routes) {
    it(`${name}: ${HOSTILE_VALUES.length} hostile values, none 5xx, none leaking`, async () => {
      for (const value of HOSTILE_VALUES)
        await expectSafe(`${name}=${value.slice(0, 40)}`, { url: url(value) });
      // The same key twice.
      await expectSafe(`${name} twice`, { url: `${url('1')}&${url('2').split('?')[1]}` });
    });
  }

  it('results column maps on the admin import', async () => {
    for (const value of HOSTILE_VALUES.slice(0, 15))
      await expectSafe(`map=${value.slice(0, 40)}`, {
        method: 'POST',
        url: `/api/v1/admin/events/${ev.alphaHidden}/results?map=${value}`,
        headers: { ...bearer(tokens.alpha), 'content-type': 'text/csv' },
        payload: 'Bib,Name\n1,A\n',
      });
  });
});

describe('ids', () => {
  const EVENT_IDS = [
    '0',
    '-1',
    '1.0',
    '1e3',
    '9'.repeat(30),
    '%2e%2e',
    'abc',
    '0x1',
    '%20',
    '1%00',
    '2147483648',
  ];
  const PHOTO_IDS = [
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '{00000000-0000-4000-8000-000000000000}',
    '00000000000040008000000000000000',
    '..%2F..%2Fdb',
    '%2e%2e',
    'a'.repeat(300),
  ];
  it(`${EVENT_IDS.length} event ids on every event route`, async () => {
    for (const id of EVENT_IDS) {
      for (const path of [
        'config',
        'photos',
        'certificate-template',
        'results/1',
        'photos/more-of-bib?bib=1',
      ])
        await expectSafe(`event ${id} ${path}`, { url: `/api/v1/client/events/${id}/${path}` });
      await expectSafe(`event ${id} downloads`, {
        method: 'POST',
        url: `/api/v1/client/events/${id}/downloads`,
        payload: { all: true },
      });
      await expectSafe(`admin event ${id} jobs`, {
        url: `/api/v1/admin/events/${id}/jobs`,
        headers: bearer(tokens.alpha),
      });
    }
  });

  it(`${PHOTO_IDS.length} photo ids on the photo and admin photo routes`, async () => {
    for (const id of PHOTO_IDS) {
      await expectSafe(`photo ${id.slice(0, 40)}`, { url: `/events/photos/${id}` });
      await expectSafe(`admin delete ${id.slice(0, 40)}`, {
        method: 'DELETE',
        url: `/api/v1/admin/photos/${id}`,
        headers: bearer(tokens.alpha),
      });
      await expectSafe(`admin bibs ${id.slice(0, 40)}`, {
        method: 'PUT',
        url: `/api/v1/admin/photos/${id}/bibs`,
        headers: bearer(tokens.alpha),
        payload: { bibs: ['1'] },
      });
    }
  });

  it('bibs in result look-ups', async () => {
    for (const bib of HOSTILE_VALUES)
      await expectSafe(`result bib ${bib.slice(0, 30)}`, {
        url: `/api/v1/client/events/${ev.alphaPublic}/results/${bib || '%20'}`,
      });
  });
});

describe('cursors', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const uuid = '00000000-0000-4000-8000-000000000000';
  const CURSORS = [
    encode(['+275760-09-13T00:00:00.000Z', uuid]),
    encode(['-271821-04-20T00:00:00.000Z', uuid]),
    encode(['0000-01-01T00:00:00.000Z', uuid]),
    encode(['9999-12-31T23:59:59.999Z', uuid]),
    encode(['2025-01-01T00:00:00.000Z', "x' or 1=1"]),
    encode(['2025-01-01T00:00:00.000Z']),
    encode(['2025-01-01T00:00:00.000Z', uuid, 'extra']),
    encode({ sortAt: '2025-01-01', uuid }),
    encode([1e308, uuid]),
    encode(null),
    encode('a'.repeat(2000)),
    Buffer.from('{not json').toString('base64url'),
    '====',
    'a'.repeat(5000),
    encode([['2025-01-01T00:00:00.000Z'], [uuid]]),
  ];
  it(`${CURSORS.length} crafted cursors on the listing and on a bib search`, async () => {
    for (const [i, cursor] of CURSORS.entries()) {
      const res = await expectSafe(`cursor #${i}`, {
        url: `/api/v1/client/events/${ev.alphaPublic}/photos?cursor=${cursor}`,
      });
      expect(res.statusCode, `cursor #${i}`).toBeLessThan(500);
      await expectSafe(`search cursor #${i}`, {
        url: `/api/v1/client/events/${ev.alphaPublic}/photos?bib=1&cursor=${cursor}`,
      });
    }
  });
});

describe('Host headers', () => {
  const HOSTS = [
    'attacker.example',
    'attacker.example:443',
    'a'.repeat(300),
    '[::1]',
    '[::1]:4000',
    'localhost:99999',
    'evil.example/<x>',
    'evil.example@good.example',
    'evil.example#x',
    'host with space',
    'xn--80ak6aa92e.example',
    'é.example',
    '127.0.0.1',
    '-leading.example',
    'trailing.example.',
  ];
  it(`${HOSTS.length} Host headers on every route that writes a URL: never echoed into one`, async () => {
    for (const host of HOSTS)
      for (const path of ['data', 'contact-us', 'about-us', 'all-events']) {
        const res = await expectSafe(`Host ${host.slice(0, 30)} ${path}`, {
          url: `/api/v1/client/events/organiser/${path}?app_domain=alpha.example`,
          headers: { host },
        });
        if (res.statusCode === 200 && host !== '127.0.0.1')
          expect(res.body, host).not.toContain(host);
      }
  });
});

describe('multipart bodies', () => {
  const url = () => `/api/v1/admin/events/${ev.alphaHidden}/photos`;
  const part = (headers: string, body: string) => `--XX\r\n${headers}\r\n\r\n${body}\r\n`;
  const file = 'Content-Disposition: form-data; name="file"; filename="a.jpg"';
  const CASES: Array<[string, string, string | Buffer]> = [
    ['no boundary', 'multipart/form-data', 'x'],
    ['empty boundary', 'multipart/form-data; boundary=', 'x'],
    ['boundary of 200 chars', `multipart/form-data; boundary=${'b'.repeat(200)}`, 'x'],
    [
      'cut off inside a file',
      'multipart/form-data; boundary=XX',
      `--XX\r\n${file}\r\n\r\n\xff\xd8\xffabc`,
    ],
    ['cut off inside headers', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Dispo'],
    ['garbage', 'multipart/form-data; boundary=XX', 'garbage'],
    ['no parts', 'multipart/form-data; boundary=XX', '--XX--\r\n'],
    [
      'a field, no file',
      'multipart/form-data; boundary=XX',
      `${part('Content-Disposition: form-data; name="x"', 'y')}--XX--\r\n`,
    ],
    [
      'a file in another field',
      'multipart/form-data; boundary=XX',
      `${part('Content-Disposition: form-data; name="photo"; filename="a.jpg"', 'abc')}--XX--\r\n`,
    ],
    [
      'no filename',
      'multipart/form-data; boundary=XX',
      `${part('Content-Disposition: form-data; name="file"', 'abc')}--XX--\r\n`,
    ],
    ['an empty file', 'multipart/form-data; boundary=XX', `${part(file, '')}--XX--\r\n`],
    [
      'a traversal filename',
      'multipart/form-data; boundary=XX',
      `${part('Content-Disposition: form-data; name="file"; filename="../../../etc/passwd"', 'abc')}--XX--\r\n`,
    ],
    [
      'a filename of 5000 chars',
      'multipart/form-data; boundary=XX',
      `${part(`Content-Disposition: form-data; name="file"; filename="${'f'.repeat(5000)}.jpg"`, 'abc')}--XX--\r\n`,
    ],
    [
      'no Content-Disposition',
      'multipart/form-data; boundary=XX',
      `${part('Content-Type: image/jpeg', 'abc')}--XX--\r\n`,
    ],
    [
      '200 empty parts',
      'multipart/form-data; boundary=XX',
      `${part(file, '').repeat(200)}--XX--\r\n`,
    ],
    ['a text body', 'text/plain', 'hello'],
    ['a JSON body', 'application/json', '{"file":"x"}'],
    ['no content type', '', 'hello'],
  ];
  it(`${CASES.length} malformed or odd multipart bodies: 4xx or a refusal, never 5xx`, async () => {
    for (const [label, type, payload] of CASES) {
      const headers: Record<string, string> = { ...bearer(tokens.alpha) };
      if (type) headers['content-type'] = type;
      const res = await expectSafe(`multipart: ${label}`, {
        method: 'POST',
        url: url(),
        headers,
        payload,
      });
      expect(res.statusCode, label).toBeGreaterThanOrEqual(200);
    }
    await waitForJobs(t.services, ev.alphaHidden);
  });
});

/** A PNG whose header claims any size, with one row of pixels: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(Math.min(width * 3 + 1, 1 << 20)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header is rewritten to claim another size. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await testImage({ width: 16, height: 16 }));
  for (let i = 2; i < bytes.length - 9; i += 1)
    if (bytes[i] === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2)) {
      bytes.writeUInt16BE(height, i + 5);
      bytes.writeUInt16BE(width, i + 7);
      break;
    }
  return bytes;
}

describe('images: bombs, extremes of size, aspect and format', () => {
  const plain = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#2a6' } });
  const IMAGES: Array<[string, () => Promise<Buffer>]> = [
    ['a 1x1 JPEG', () => plain(1, 1).jpeg().toBuffer()],
    ['a 1x1 PNG', () => plain(1, 1).png().toBuffer()],
    ['a 1x1 WebP', () => plain(1, 1).webp().toBuffer()],
    ['a 4x12000 JPEG', () => plain(4, 12000).jpeg().toBuffer()],
    ['a 12000x4 PNG', () => plain(12000, 4).png().toBuffer()],
    ['a 600x20000 JPEG', () => plain(600, 20000).jpeg({ quality: 50 }).toBuffer()],
    ['a 16383x2 WebP', () => plain(16383, 2).webp().toBuffer()],
    ['a 16-bit PNG', () => plain(40, 30).png().toColourspace('rgb16').toBuffer()],
    ['a grey PNG', () => plain(40, 30).greyscale().png().toBuffer()],
    [
      'a PNG with alpha',
      () =>
        sharp({
          create: {
            width: 40,
            height: 30,
            channels: 4,
            background: { r: 1, g: 2, b: 3, alpha: 0.2 },
          },
        })
          .png()
          .toBuffer(),
    ],
    ['a palette PNG', () => plain(40, 30).png({ palette: true }).toBuffer()],
    ['a CMYK JPEG', () => plain(40, 30).toColourspace('cmyk').jpeg().toBuffer()],
    ['a progressive JPEG', () => plain(40, 30).jpeg({ progressive: true }).toBuffer()],
    [
      'a JPEG with EXIF orientation 8',
      () => testImage({ width: 50, height: 20, orientation: 8, colour: '#a52' }),
    ],
    ['a lossless WebP', () => plain(40, 30).webp({ lossless: true }).toBuffer()],
    ['a PNG bomb claiming 100000x100000', async () => pngClaiming(100_000, 100_000)],
    ['a PNG claiming 8000x8000 with one row', async () => pngClaiming(8000, 8000)],
    ['a JPEG claiming 65000x65000', () => jpegClaiming(65_000, 65_000)],
    ['a JPEG claiming 0x0', () => jpegClaiming(0, 0)],
    ['a truncated JPEG', async () => (await plain(200, 200).jpeg().toBuffer()).subarray(0, 300)],
    ['a truncated PNG', async () => (await plain(200, 200).png().toBuffer()).subarray(0, 60)],
    ['a GIF', async () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['a BMP', async () => Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
    [
      'an SVG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="1e9"/>'),
    ],
    [
      'a HEIC',
      async () =>
        Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(40)]),
    ],
    ['a TIFF', () => plain(10, 10).tiff().toBuffer()],
    ['an AVIF', () => plain(16, 16).avif().toBuffer()],
    ['zeros', async () => Buffer.alloc(4096)],
    [
      'random bytes',
      async () => Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256)),
    ],
    [
      'a JPEG signature then garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]),
    ],
    [
      'a JPEG with a zip after it',
      async () =>
        Buffer.concat([
          await plain(20, 20).jpeg().toBuffer(),
          Buffer.from('PK\x03\x04'),
          Buffer.alloc(100),
        ]),
    ],
    ['a WebP header only', async () => Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
  ];
  const accepted: Array<[string, string]> = [];

  it(`${IMAGES.length} images uploaded one per request: accepted or refused, never 5xx`, async () => {
    for (const [label, make] of IMAGES) {
      const body = multipart([{ filename: `${label}.jpg`, bytes: await make() }]);
      const res = await expectSafe(`upload ${label}`, {
        method: 'POST',
        url: `/api/v1/admin/events/${ev.alphaPublic}/photos`,
        headers: { ...bearer(tokens.alpha), ...body.headers },
        payload: body.payload,
      });
      expect([202, 207], `${label}: ${res.body}`).toContain(res.statusCode);
      for (const a of res.json().data.accepted as Array<{ uuid: string }>)
        accepted.push([label, a.uuid]);
    }
    await waitForJobs(t.services, ev.alphaPublic, 180_000);
  }, 240_000);

  it('every listed photo is served at every width asked, in WebP and JPEG', async () => {
    const listing = await expectSafe('listing after uploads', {
      url: `/api/v1/client/events/${ev.alphaPublic}/photos?limit=200`,
    });
    const listed = (listing.json().data.photos as Array<{ uuid: string }>).map((p) => p.uuid);
    expect(listed.length).toBeGreaterThan(10);
    for (const uuid of listed)
      for (const [w, accept] of [
        [160, 'image/webp'],
        [2048, 'image/webp'],
        [640, 'image/jpeg'],
      ] as const) {
        const res = await expectSafe(`photo ${uuid} w=${w} ${accept}`, {
          url: `/events/photos/${uuid}?w=${w}`,
          headers: { accept },
        });
        expect(res.statusCode, `${uuid} ${w} ${accept}`).toBe(200);
      }
    // An accepted upload that could not become a photo is not listed (and its job says why).
    const refusedLater = accepted
      .filter(([, uuid]) => !listed.includes(uuid))
      .map(([label]) => label);
    expect(
      refusedLater.every((l) => /truncated|claiming|garbage|zip/.test(l)),
      refusedLater.join(),
    ).toBe(true);
  }, 240_000);
});

describe('tenant crossing', () => {
  it("Alpha's token reaches nothing of Bravo's, on every admin route", async () => {
    const a = bearer(tokens.alpha);
    const bravoEvents = [ev.bravoPublic, ev.bravoPrivate, ev.bravoHidden];
    const bravoPhotos = [photo.bravoPublic, photo.bravoPrivate, photo.bravoHidden];
    for (const id of bravoEvents) {
      const body = multipart([{ filename: 'x.jpg', bytes: await testImage() }]);
      const probes: Array<[string, Probe]> = [
        [
          'patch',
          {
            method: 'PATCH',
            url: `/api/v1/admin/events/${id}`,
            headers: a,
            payload: { name: 'Taken' },
          },
        ],
        [
          'upload',
          {
            method: 'POST',
            url: `/api/v1/admin/events/${id}/photos`,
            headers: { ...a, ...body.headers },
            payload: body.payload,
          },
        ],
        ['jobs', { url: `/api/v1/admin/events/${id}/jobs`, headers: a }],
        ['photo list', { url: `/api/v1/admin/events/${id}/photos`, headers: a }],
        ['delete event', { method: 'DELETE', url: `/api/v1/admin/events/${id}`, headers: a }],
        [
          'faces detect',
          { method: 'POST', url: `/api/v1/admin/events/${id}/faces/detect`, headers: a },
        ],
        ['faces delete', { method: 'DELETE', url: `/api/v1/admin/events/${id}/faces`, headers: a }],
        [
          'results',
          {
            method: 'POST',
            url: `/api/v1/admin/events/${id}/results`,
            headers: { ...a, 'content-type': 'text/csv' },
            payload: 'Bib,Name\n1,Taken\n',
          },
        ],
        [
          'certificate',
          {
            method: 'PUT',
            url: `/api/v1/admin/events/${id}/certificate-template`,
            headers: a,
            payload: {},
          },
        ],
      ];
      for (const [label, probe] of probes) {
        const res = await expectSafe(`alpha → bravo event ${id} ${label}`, probe);
        // Not found (or refused as malformed before the look-up): never done.
        expect([400, 404], `${label} ${res.body}`).toContain(res.statusCode);
      }
    }
    for (const uuid of bravoPhotos) {
      const del = await expectSafe(`alpha deletes bravo photo`, {
        method: 'DELETE',
        url: `/api/v1/admin/photos/${uuid}`,
        headers: a,
      });
      expect(del.statusCode).toBe(404);
      const bibs = await expectSafe(`alpha tags bravo photo`, {
        method: 'PUT',
        url: `/api/v1/admin/photos/${uuid}/bibs`,
        headers: a,
        payload: { bibs: ['1'] },
      });
      expect(bibs.statusCode).toBe(404);
    }
    // Bravo's things are all still there.
    const still = await t.app.inject({
      url: `/api/v1/admin/events/${ev.bravoPublic}/jobs`,
      headers: bearer(tokens.bravo),
    });
    expect(still.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/events/photos/${photo.bravoPublic}` })).statusCode).toBe(
      200,
    );
    const config = await t.app.inject({ url: `/api/v1/client/events/${ev.bravoPublic}/config` });
    expect(config.json().data.event_details.name).toBe('Bravo Open');
  });

  it("through Alpha's domain, no public route answers for Bravo's events", async () => {
    for (const id of [ev.bravoPublic, ev.bravoPrivate, ev.bravoHidden])
      for (const path of [
        'config',
        'photos',
        'photos?bib=777',
        'photos?name=Zed%20Privaterunner',
        'results/777',
        'certificate-template',
        'photos/more-of-bib?bib=777',
      ]) {
        const sep = path.includes('?') ? '&' : '?';
        const res = await expectSafe(`alpha domain → bravo ${id} ${path}`, {
          url: `/api/v1/client/events/${id}/${path}${sep}app_domain=alpha.example`,
        });
        expect(res.statusCode, `${id} ${path}`).toBe(404);
      }
    for (const id of [ev.bravoPublic, ev.bravoPrivate]) {
      const zip = await expectSafe(`alpha domain → bravo ${id} zip`, {
        method: 'POST',
        url: `/api/v1/client/events/${id}/downloads?app_domain=alpha.example`,
        payload: { all: true },
      });
      expect(zip.statusCode).toBe(404);
      const selfie = await expectSafe(`alpha domain → bravo ${id} selfie`, {
        method: 'POST',
        url: `/api/v1/client/events/${id}/photos/selfie-search?app_domain=alpha.example`,
        payload: { embedding: Array.from({ length: 1024 }, (_, i) => (i === 0 ? 1 : 0)) },
      });
      expect(selfie.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it("a zip of one event never carries another event's photos", async () => {
    for (const uuid of [photo.bravoPublic, photo.alphaHidden, photo.alphaPrivate]) {
      const res = await expectSafe(`zip of alpha public with ${uuid}`, {
        method: 'POST',
        url: `/api/v1/client/events/${ev.alphaPublic}/downloads`,
        payload: { photo_ids: [uuid] },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('unpublished events and their photos do not exist for the public', async () => {
    for (const id of [ev.alphaHidden, ev.bravoHidden])
      for (const path of [
        'config',
        'photos',
        'photos?bib=777',
        'results/777',
        'certificate-template',
      ])
        expect(
          (await expectSafe(`hidden ${id} ${path}`, { url: `/api/v1/client/events/${id}/${path}` }))
            .statusCode,
        ).toBe(404);
    for (const uuid of [photo.alphaHidden, photo.bravoHidden]) {
      expect(
        (await expectSafe(`hidden photo ${uuid}`, { url: `/events/photos/${uuid}` })).statusCode,
      ).toBe(404);
      expect(
        (await expectSafe(`hidden original ${uuid}`, { url: `/events/photos/${uuid}?download=1` }))
          .statusCode,
      ).toBe(404);
    }
  });

  it('a private gallery is never listed, and its zip-all is refused', async () => {
    for (const id of [ev.alphaPrivate, ev.bravoPrivate]) {
      expect(
        (await expectSafe(`private listing ${id}`, { url: `/api/v1/client/events/${id}/photos` }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await expectSafe(`private zip ${id}`, {
            method: 'POST',
            url: `/api/v1/client/events/${id}/downloads`,
            payload: { all: true },
          })
        ).statusCode,
      ).toBe(403);
    }
    const home = await expectSafe('bravo home', {
      url: '/api/v1/client/events/organiser/data?app_domain=bravo.example',
    });
    expect(home.statusCode).toBe(200);
    const all = await expectSafe('bravo all events', {
      url: '/api/v1/client/events/organiser/all-events?app_domain=bravo.example',
    });
    expect(all.statusCode).toBe(200);
  });

  it('bad, foreign and missing tokens on every admin route', async () => {
    const routes: Array<[Probe['method'], string]> = [
      ['POST', '/api/v1/admin/events'],
      ['PATCH', `/api/v1/admin/events/${ev.alphaPublic}`],
      ['POST', `/api/v1/admin/events/${ev.alphaPublic}/photos`],
      ['GET', `/api/v1/admin/events/${ev.alphaPublic}/jobs`],
      ['POST', `/api/v1/admin/events/${ev.alphaPublic}/faces/detect`],
      ['DELETE', `/api/v1/admin/events/${ev.alphaPublic}/faces`],
      ['DELETE', `/api/v1/admin/photos/${photo.alphaPublic}`],
      ['PUT', `/api/v1/admin/photos/${photo.alphaPublic}/bibs`],
      ['POST', `/api/v1/admin/events/${ev.alphaPublic}/results`],
      ['PUT', `/api/v1/admin/events/${ev.alphaPublic}/certificate-template`],
      ['GET', '/api/v1/admin/events'],
      ['GET', `/api/v1/admin/events/${ev.alphaPublic}/photos`],
      ['DELETE', `/api/v1/admin/events/${ev.alphaPublic}`],
      ['GET', '/api/v1/admin/organiser'],
      ['PATCH', '/api/v1/admin/organiser'],
    ];
    const AUTH = [
      undefined,
      'Bearer',
      'Bearer est_',
      `Bearer est_${'A'.repeat(43)}`,
      'Basic YWRtaW46YWRtaW4=',
      `Bearer ${tokens.alpha}x`,
      `bearer ${'x'.repeat(5000)}`,
      // Console sessions: the shape of one that does not exist, and a malformed one.
      `Bearer ess_${'A'.repeat(43)}`,
      'Bearer ess_',
    ];
    let address = 0;
    for (const [method, url] of routes)
      for (const authorization of AUTH) {
        // A fresh address each time: the failed-authentication limit is tested elsewhere.
        const res = await expectSafe(
          `${method} ${url} auth ${String(authorization).slice(0, 20)}`,
          {
            method,
            url,
            headers: authorization ? { authorization } : {},
            payload: method === 'GET' || method === 'DELETE' ? undefined : {},
            remoteAddress: `203.0.113.${(address += 1) % 250}`,
          },
        );
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    expect((await t.app.inject({ url: `/events/photos/${photo.alphaPublic}` })).statusCode).toBe(
      200,
    );
  });
});

describe('the count', () => {
  it('sent at least 200 hostile inputs; none answered 5xx and none leaked', () => {
    expect(tally.sent).toBeGreaterThanOrEqual(200);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.leaks).toEqual([]);
  });
});
