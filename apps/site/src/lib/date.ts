const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/**
 * A long English date, 'March 14, 2026'. The `YYYY-MM-DD` is a calendar day, so it is
 * formatted from its digits: no time zone can move it to the day before.
 */
export function formatEventDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return value;
  const month = MONTHS[Number(m[2]) - 1];
  const day = Number(m[3]);
  if (!month || day < 1 || day > 31) return value;
  return `${month} ${day}, ${m[1]}`;
}

/** The day of the month and the month's short name ('12', 'APR'), or null when it is not a date. */
export function calendarDay(value: string): { day: string; month: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month || Number(m[3]) < 1 || Number(m[3]) > 31) return null;
  return { day: String(Number(m[3])), month: month.slice(0, 3).toUpperCase() };
}

/** The machine-readable date for `<time dateTime>`, or undefined when it is not a date. */
export function isoDay(value: string): string | undefined {
  const m = /^\d{4}-\d{2}-\d{2}/.exec(value.trim());
  return m ? m[0] : undefined;
}
