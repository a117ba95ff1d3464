import { formatEventDate } from '@/lib/date';

export { formatEventDate };

/** 'March 14, 2026 · Lisbon', leaving out what is missing. */
export function dateAndPlace(date: string | undefined, city: string | undefined): string {
  return [date ? formatEventDate(date) : '', city?.trim() ?? ''].filter(Boolean).join('  ·  ');
}

/** 1 → '1st', 22 → '22nd', 113 → '113th': placings read as people say them. */
export function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/**
 * A race time as typed or served ('3:5:2', '03:05:02', '1:02:03.4', '0:41:12', '45:10')
 * normalised to 'h:mm:ss', or 'm:ss' when it was given without hours: a result of '0:41:12'
 * prints as '0:41:12'. Anything that is not a time is returned trimmed, so that a participant's
 * own wording ('DNF') is kept.
 */
export function formatRaceTime(value: string): string {
  const t = value.trim();
  const m = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d+))?$/.exec(t);
  if (!m) return t;
  const [mm, ss] = [Number(m[2]), Number(m[3])];
  if (mm > 59 || ss > 59) return t;
  const pad = (n: number) => String(n).padStart(2, '0');
  return m[1] !== undefined ? `${Number(m[1])}:${pad(mm)}:${pad(ss)}` : `${mm}:${pad(ss)}`;
}
