import { describe, expect, it } from 'vitest';
import { faceDataExpiresAt, retentionDays, selfieSearchEndedMessage } from './retention.js';

describe('face data retention', () => {
  it('keeps face data the organiser’s days after the end of the event day, capped by the platform', () => {
    expect(retentionDays(undefined, 365)).toBe(90);
    expect(retentionDays(30, 365)).toBe(30);
    expect(retentionDays(400, 365)).toBe(365);
    expect(faceDataExpiresAt('2025-06-01', 90).toISOString()).toBe('2025-08-31T00:00:00.000Z');
    expect(faceDataExpiresAt('2025-06-01', 1).toISOString()).toBe('2025-06-03T00:00:00.000Z');
    expect(() => faceDataExpiresAt('June 1st', 1)).toThrow(/not a date/);
  });

  it('says plainly why selfie search ended and what to do instead', () => {
    expect(selfieSearchEndedMessage(new Date('2025-08-31T00:00:00Z'), 90)).toBe(
      'Selfie search ended for this event on 2025-08-31: face data is deleted 90 days after the event, to protect the privacy of everyone in the photos. Search by bib number or name instead.',
    );
  });
});
