// The API's JSON log lines (pino) as `npm start` shows them to a person.
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warning', 50: 'error', 60: 'fatal' };

/** One of the API's JSON log lines as a person reads it: "API error: message (cause)". */
export function readableLogLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null) return line;
  const level = LEVELS[entry.level] ?? 'log';
  const request = entry.req ? ` (${entry.req.method} ${entry.req.url})` : '';
  const cause =
    entry.err?.message && entry.err.message !== entry.msg ? `: ${entry.err.message}` : '';
  return `API ${level}: ${entry.msg ?? ''}${cause}${request}`;
}
