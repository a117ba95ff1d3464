import {
  adminEvent,
  envelope,
  raceResult,
  resultsImportAnswer,
  resultsPreview,
} from '@eventsite/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  bearer,
  consoleRoleSessions,
  createEventAsAdmin,
} from '../test-support/admin.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { seedOrganiser } from '../test-support/fixtures.js';

let t: TestApp;
let cityToken: string;
let trailToken: string;
let eventId: number;
let editor: string;
let photographer: string;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp({ OCR_ENABLED: 'false' });
  await seedOrganiser(t.services, { name: 'City Runs', domains: ['city.example'] });
  await seedOrganiser(t.services, { name: 'Trail Co', domains: ['trail.example'] });
  cityToken = await adminToken(t.services, 'city.example');
  trailToken = await adminToken(t.services, 'trail.example');
  eventId = await createEventAsAdmin(t.app, cityToken, {
    name: 'Harbour 10K',
    event_date: '2025-06-01',
    published: true,
    event_photos_config: { feature_flag: { show_timing_data: true, name_search: true } },
  });
  ({ editor, photographer } = await consoleRoleSessions(t.app, t.services, 'city.example', PASSWORD));
});
afterAll(() => t.close());

const csvCall = (
  kind: 'results' | 'results/preview',
  body: string | Buffer,
  token = editor,
  query = '',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/events/${eventId}/${kind}${query}`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  });

describe('GET /admin/events/{id}', () => {
  it('answers the event with its whole configuration, to an editor', async () => {
    const res = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(editor),
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = envelope(adminEvent).parse(res.json()).data;
    expect(event.name).toBe('Harbour 10K');
    expect(event.published).toBe(true);
    expect(event.event_photos_config.feature_flag.show_timing_data).toBe(true);
    expect(event.event_photos_config.feature_flag.bib_search).toBe(true);
  });

  it('answers 404 for another organiser’s event; a photographer may read the event they upload to', async () => {
    const other = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(trailToken),
    });
    expect(other.statusCode).toBe(404);
    const read = await t.app.inject({
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(photographer),
    });
    expect(read.statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/events/${eventId}`,
      headers: bearer(photographer),
      payload: { published: false },
    });
    expect(change.statusCode).toBe(403);
  });
});

const FIRST = [
  'Dorsal;Nom;Temps;Cat',
  '101;Ana Silva;0:41:10;F35',
  '102;Ben Okafor;0:43:00;M40',
  'abc!;Bad Bib;0:50:00;M40',
  '103;Chen Wei;later;M50',
].join('\r\n');

describe('results preview and import', () => {
  it('previews a semicolon file with a BOM: headers, rows, guessed columns, problems and counts, storing nothing', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FIRST, 'utf8')]);
    const res = await csvCall('results/preview', bom);
    expect(res.statusCode, res.body).toBe(200);
    const preview = envelope(resultsPreview).parse(res.json()).data;
    expect(preview.headers).toEqual(['Dorsal', 'Nom', 'Temps', 'Cat']);
    expect(preview.delimiter).toBe(';');
    expect(preview.total_rows).toBe(4);
    expect(preview.sample[0]).toEqual({ line: 2, cells: ['101', 'Ana Silva', '0:41:10', 'F35'] });
    expect(preview.columns).toEqual({
      bib: 'Dorsal',
      name: 'Nom',
      gun_time: 'Temps',
      category: 'Cat',
    });
    expect(preview.problem).toBeNull();
    expect(preview.errors).toEqual([
      expect.objectContaining({
        line: 4,
        kind: 'refused',
        message: expect.stringMatching(/bib "abc!"/),
      }),
      expect.objectContaining({
        line: 5,
        kind: 'warning',
        message: expect.stringMatching(/"later"/),
      }),
    ]);
    expect(preview.counts).toEqual({ added: 3, updated: 0, refused: 1, removed: 0 });
    const stored = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/101` });
    expect(stored.statusCode).toBe(404);
  });

  it('answers the header with a problem when no bib column is found, and a mapping fixes it', async () => {
    const csv = 'Runner No,Who\n7,Dee Ray\n';
    const unmapped = envelope(resultsPreview).parse(
      (await csvCall('results/preview', csv)).json(),
    ).data;
    expect(unmapped.problem).toMatch(/no bib or name column found/);
    expect(unmapped.headers).toEqual(['Runner No', 'Who']);
    expect(unmapped.columns).toEqual({});
    const half = envelope(resultsPreview).parse(
      (await csvCall('results/preview', 'Plate,Name\n7,Dee Ray\n')).json(),
    ).data;
    expect(half.problem).toMatch(/no bib column/);
    expect(half.columns).toEqual({ name: 'Name' });
    expect(unmapped.sample).toHaveLength(1);
    const mapped = envelope(resultsPreview).parse(
      (await csvCall('results/preview', csv, editor, '?map=bib:Runner%20No,name:Who')).json(),
    ).data;
    expect(mapped.problem).toBeNull();
    expect(mapped.columns).toEqual({ bib: 'Runner No', name: 'Who' });
  });

  it('leaves a guessed column out with field:-', async () => {
    const res = await csvCall('results/preview', FIRST, editor, '?map=category:-');
    const preview = envelope(resultsPreview).parse(res.json()).data;
    expect(preview.columns.category).toBeUndefined();
    expect(preview.columns.bib).toBe('Dorsal');
  });

  it('imports, then a re-import updates runners by bib instead of adding them again', async () => {
    const first = await csvCall('results', FIRST);
    expect(first.statusCode, first.body).toBe(200);
    const one = envelope(resultsImportAnswer).parse(first.json()).data;
    expect(one).toMatchObject({ imported: 3, added: 3, updated: 0, refused: 1, removed: 0 });
    expect(one.errors.map((e) => [e.line, e.kind])).toEqual([
      [4, 'refused'],
      [5, 'warning'],
    ]);

    const again = FIRST.replace('0:41:10', '0:40:05').replace(
      /\r\n103;.*$/,
      '\r\n104;Dara Quinn;0:55:00;F20',
    );
    const preview = envelope(resultsPreview).parse(
      (await csvCall('results/preview', again)).json(),
    ).data;
    expect(preview.counts).toEqual({ added: 1, updated: 2, refused: 1, removed: 1 });
    const second = envelope(resultsImportAnswer).parse(
      (await csvCall('results', again)).json(),
    ).data;
    expect(second).toMatchObject({ imported: 3, added: 1, updated: 2, refused: 1, removed: 1 });

    const ana = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/101` });
    expect(envelope(raceResult).parse(ana.json()).data.gun_time).toBe('0:40:05');
    const gone = await t.app.inject({ url: `/api/v1/client/events/${eventId}/results/103` });
    expect(gone.statusCode).toBe(404);
    const names = await t.app.inject({
      url: `/api/v1/client/events/${eventId}/runners?name=Ana%20Silva`,
    });
    if (names.statusCode === 200)
      expect(JSON.stringify(names.json()).match(/Ana Silva/g)).toHaveLength(1);
  });

  it('refuses a file that is not text, an empty one and one too large, with a clear message', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const kind of ['results', 'results/preview'] as const) {
      const binary = await csvCall(kind, png);
      expect(binary.statusCode).toBe(400);
      expect(binary.json().message).toMatch(/not a text file/);
    }
    const empty = await csvCall('results/preview', '  \n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);
    const huge = await csvCall('results/preview', Buffer.alloc(21 * 1024 * 1024, 0x41));
    expect(huge.statusCode).toBe(413);
    const unclosed = await csvCall('results/preview', 'Bib,Name\n1,"Open\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toMatch(/never closed/);
  });

  it('is refused to a photographer and another organiser, and needs a CSV body', async () => {
    expect((await csvCall('results/preview', FIRST, photographer)).statusCode).toBe(403);
    expect((await csvCall('results/preview', FIRST, trailToken)).statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/events/${eventId}/results/preview`,
      headers: bearer(editor),
      payload: { bib: 1 },
    });
    expect(json.statusCode).toBe(415);
  });
});
