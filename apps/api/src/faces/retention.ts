/**
 * How long an event's face data is kept: face descriptors are biometric data, kept only as long
 * as runners look for their photos. Pure: dates only.
 */
import { FACE_RETENTION_DAYS } from '@eventsite/contract';

/** The operator's cap when FACE_RETENTION_MAX_DAYS is not set: a year. */
export const DEFAULT_FACE_RETENTION_MAX_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days an event keeps its face data: its organiser's choice, never over the platform's cap. */
export function retentionDays(configured: number | undefined, maxDays: number): number {
  return Math.max(1, Math.min(configured ?? FACE_RETENTION_DAYS, maxDays));
}

/**
 * When the event's face data is deleted: the end of the event day (UTC; the day is a date
 * without a time zone, so the latest reading of it) plus the retention days.
 */
export function faceDataExpiresAt(eventDate: string, days: number): Date {
  const dayStart = Date.parse(`${eventDate}T00:00:00Z`);
  if (!Number.isFinite(dayStart)) throw new Error(`not a date: ${eventDate}`);
  return new Date(dayStart + (days + 1) * DAY_MS);
}

/** The message selfie search gives once an event's face data is gone. */
export function selfieSearchEndedMessage(expiredAt: Date, days: number): string {
  const on = expiredAt.toISOString().slice(0, 10);
  return (
    `Selfie search ended for this event on ${on}: face data is deleted ${days} days after the ` +
    'event, to protect the privacy of everyone in the photos. Search by bib number or name instead.'
  );
}

/** The message selfie search gives once the organiser erased the event's face data. */
export function faceDataErasedMessage(erasedAt: Date): string {
  const on = erasedAt.toISOString().slice(0, 10);
  return (
    `Selfie search is not available for this event: its organiser erased the face data on ${on}, ` +
    'to protect the privacy of everyone in the photos. Search by bib number or name instead.'
  );
}
