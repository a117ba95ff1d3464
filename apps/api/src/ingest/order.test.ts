import { describe, expect, it } from 'vitest';
import { afterPhoto, bibsJob, facesAfterBibsJob, facesJob } from './order.js';

describe('the order of a photo’s ingest', () => {
  const uuid = '00000000-0000-4000-8000-000000000001';

  it('queues OCR and faces after the photo is listed, each only when it is on', () => {
    expect(afterPhoto(7, uuid, { ocr: true, faces: true })).toEqual([
      { kind: 'bibs', payload: { eventId: 7, uuid }, idempotencyKey: `bibs:${uuid}`, eventId: 7 },
      { kind: 'faces', payload: { eventId: 7, uuid }, idempotencyKey: `faces:${uuid}`, eventId: 7 },
    ]);
    expect(afterPhoto(7, uuid, { ocr: false, faces: true }).map((j) => j.kind)).toEqual(['faces']);
    expect(afterPhoto(7, uuid, { ocr: true, faces: false }).map((j) => j.kind)).toEqual(['bibs']);
    expect(afterPhoto(7, uuid, { ocr: false, faces: false })).toEqual([]);
  });

  it('reads the bibs first when the event stores only runners’ faces (the bibs job queues faces)', () => {
    const runners = { faces: true, runnersOnly: true };
    expect(afterPhoto(7, uuid, { ...runners, ocr: true }).map((j) => j.kind)).toEqual(['bibs']);
    // Without OCR there is nothing to wait for: faces are decided with the bibs tagged by hand.
    expect(afterPhoto(7, uuid, { ...runners, ocr: false }).map((j) => j.kind)).toEqual(['faces']);
    expect(facesAfterBibsJob(7, uuid, 41)).toEqual({
      kind: 'faces',
      payload: { eventId: 7, uuid, afterBibs: true },
      idempotencyKey: `faces:${uuid}:after-bibs:41`,
      eventId: 7,
    });
  });

  it('one job per photo and step: queued twice, it runs once', () => {
    expect(bibsJob(7, uuid).idempotencyKey).toBe(`bibs:${uuid}`);
    expect(facesJob(7, uuid).idempotencyKey).toBe(`faces:${uuid}`);
  });
});
