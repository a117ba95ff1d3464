/**
 * RFC 4180 records with the physical line each starts on, so errors point at the line a
 * person sees in their editor even when a quoted field spans several lines. Lenient where
 * exports are sloppy: LF or CRLF, a quote inside an unquoted field is kept as text.
 */

export interface CsvRecord {
  /** 1-based physical line the record starts on. */
  line: number;
  fields: string[];
}

export type CsvDelimiter = ',' | ';' | '\t';

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * The delimiter of the header line: the candidate found most often outside quotes.
 * Ties and a single-column header fall back to the comma.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  let best: CsvDelimiter = ',';
  for (const d of [';', '\t'] as const) if (counts[d] > counts[best]) best = d;
  return best;
}

/**
 * Yields records lazily so a caller can stop at a row limit. Blank lines are skipped.
 * Throws `CsvSyntaxError` for a quoted field that never closes.
 */
export function* parseCsv(text: string, delimiter: CsvDelimiter): Generator<CsvRecord> {
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let atFieldStart = true;
    let quoted = false;
    let ended = false;
    while (i < n && !ended) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          quoted = false;
          i++;
          continue;
        }
        if (c === '\n') line++;
        else if (c === '\r' && text[i + 1] !== '\n') line++;
        field += c;
        i++;
        continue;
      }
      if (c === '"' && atFieldStart) {
        quoted = true;
        atFieldStart = false;
        i++;
      } else if (c === delimiter) {
        fields.push(field);
        field = '';
        atFieldStart = true;
        i++;
      } else if (c === '\r' || c === '\n') {
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        ended = true;
      } else {
        field += c;
        atFieldStart = false;
        i++;
      }
    }
    if (quoted) throw new CsvSyntaxError(start, 'a quoted field is never closed (missing ")');
    fields.push(field);
    if (fields.length === 1 && fields[0]!.trim() === '') continue;
    yield { line: start, fields };
  }
}
