/**
 * A race results file (CSV, TSV or semicolon-separated, as timing companies and Excel export
 * it) to validated result rows. A bad row is reported by its line and skipped; a bad optional
 * value (a time or rank that doesn't parse) is reported and the row kept without it; a
 * problem with the file as a whole throws `ResultsFileError`.
 */
import { MAX_BIB_LENGTH, typedBib } from './bib-query.js';
import { CsvSyntaxError, detectDelimiter, parseCsv, type CsvDelimiter } from './csv.js';
import {
  listHeaders,
  mapColumns,
  MappingError,
  type ColumnMapping,
  type ResultField,
} from './columns.js';
import { decodeText, type TextEncodingName } from './decode-text.js';
import { looksLikeTime, parseRaceTime, type FinishStatus } from './race-time.js';

export interface ResultRow {
  /** Line of the file the row starts on (the header is line 1). */
  line: number;
  /** The bib in its stored form (see `typedBib`: "F-123" is F123, "007" is 7). */
  bib: string;
  name: string;
  gender: string | null;
  category: string | null;
  status: FinishStatus;
  /** Seconds. */
  gun_time: number | null;
  net_time: number | null;
  overall_rank: number | null;
  category_rank: number | null;
  /** Intermediate times as [column label, seconds], in the file's column order (race order). */
  splits: [string, number][];
}

export interface RowProblem {
  line: number;
  message: string;
}

export interface ParsedResults {
  rows: ResultRow[];
  /** Rows that were skipped. */
  errors: RowProblem[];
  /** Rows kept without a value that did not parse. */
  warnings: RowProblem[];
  /** The header each field was read from, and the split columns. */
  columns: Partial<Record<ResultField, string>> & { splits: string[] };
  encoding: TextEncodingName;
  delimiter: CsvDelimiter;
}

export interface ParseResultsOptions {
  /** Header names per field, overriding detection: `{ bib: 'Startnr.', name: 'Teilnehmer' }`. */
  mapping?: Partial<Record<ResultField, string>>;
  /** Default 20 MB. */
  maxBytes?: number;
  /** Data rows, default 100,000. */
  maxRows?: number;
}

export class ResultsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResultsFileError';
  }
}

export const MAX_RESULTS_BYTES = 20 * 1024 * 1024;
export const MAX_RESULTS_ROWS = 100_000;
const MAX_NAME_LENGTH = 200;
/** Headers that name a split point: "5K", "10 km", "Half", "Split 2", "KM 21.1", "Swim", "T1". */
const SPLIT_HEADER =
  /^(?:(?:split|km|lap|mile|cp|checkpoint|zwischenzeit|tour)\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*(?:k|km|mi|mile|miles|m)|half|halfway|half marathon|semi|swim|bike|run|t1|t2)$/i;

export function parseResultsCsv(bytes: Buffer, options: ParseResultsOptions = {}): ParsedResults {
  const maxBytes = options.maxBytes ?? MAX_RESULTS_BYTES;
  const maxRows = options.maxRows ?? MAX_RESULTS_ROWS;
  if (bytes.length > maxBytes)
    throw new ResultsFileError(
      `the file is ${megabytes(bytes.length)}; results files are limited to ${megabytes(maxBytes)}`,
    );
  const { text, encoding } = decodeText(bytes);
  if (text.trim() === '') throw new ResultsFileError('the file is empty');
  const delimiter = detectDelimiter(text);

  const records = [];
  try {
    for (const record of parseCsv(text, delimiter)) {
      if (records.length > maxRows)
        throw new ResultsFileError(
          `the file has more than ${maxRows.toLocaleString('en')} rows; split it or ask for a higher limit`,
        );
      records.push(record);
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new ResultsFileError(`the file is not valid CSV: ${error.message}`);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw new ResultsFileError('the file is empty');
  const headers = header.fields.map((h) => h.trim());

  let columns: ColumnMapping;
  try {
    columns = mapColumns(headers, options.mapping);
  } catch (error) {
    if (error instanceof MappingError) throw new ResultsFileError(error.message);
    throw error;
  }
  const missing: string[] = [];
  if (columns.bib === undefined) missing.push('bib');
  if (
    columns.name === undefined &&
    columns.first_name === undefined &&
    columns.last_name === undefined
  )
    missing.push('name');
  if (missing.length > 0) {
    throw new ResultsFileError(
      `no ${missing.join(' or ')} column found; the file's columns are ${listHeaders(headers)} (recognised: e.g. "Bib", "Bib No", "Dorsal", "Startnummer" and "Name", "First Name" + "Last Name"; or give a mapping)`,
    );
  }
  const splitColumns = findSplitColumns(
    headers,
    columns,
    data.map((r) => r.fields),
  );

  const rows: ResultRow[] = [];
  const errors: RowProblem[] = [];
  const warnings: RowProblem[] = [];
  const firstSeen = new Map<string, number>();
  for (const record of data) {
    const cell = (field: ResultField): string => {
      const index = columns[field];
      return index === undefined ? '' : (record.fields[index] ?? '').trim();
    };
    const warn = (message: string): void => {
      warnings.push({ line: record.line, message });
    };
    const rawBib = cell('bib');
    if (rawBib === '') {
      errors.push({ line: record.line, message: 'bib is missing' });
      continue;
    }
    // A prefix may be printed with a space or hyphen ("F-123"): stored as read elsewhere, F123.
    const compact = typedBib(rawBib);
    if (!/^[A-Za-z0-9]+$/.test(compact) || compact.length > MAX_BIB_LENGTH || !/[0-9]/.test(compact)) {
      errors.push({
        line: record.line,
        message: `bib "${shorten(rawBib)}" is not a bib number (digits, perhaps with letters, at most ${MAX_BIB_LENGTH})`,
      });
      continue;
    }
    const bib = compact;
    const name = joinName(cell('name'), cell('first_name'), cell('last_name'));
    if (name === '') {
      errors.push({ line: record.line, message: `name is missing for bib ${bib}` });
      continue;
    }
    if (name.length > MAX_NAME_LENGTH) {
      errors.push({
        line: record.line,
        message: `name of bib ${bib} is longer than ${MAX_NAME_LENGTH} characters`,
      });
      continue;
    }
    const seen = firstSeen.get(bib);
    if (seen !== undefined) {
      errors.push({
        line: record.line,
        message: `duplicate bib ${bib}, first seen on line ${seen}`,
      });
      continue;
    }
    firstSeen.set(bib, record.line);

    let status: FinishStatus = 'finished';
    const statusCell = cell('status');
    if (statusCell !== '') {
      const parsed = parseStatus(statusCell);
      if (parsed) status = parsed;
      else
        warn(
          `status "${shorten(statusCell)}" is not one of finished, DNF, DNS, DQ; kept as finished`,
        );
    }
    const time = (field: 'gun_time' | 'net_time'): number | null => {
      const value = cell(field);
      const parsed = parseRaceTime(value);
      if (parsed.kind === 'time') return parsed.seconds;
      if (parsed.kind === 'status') status = parsed.status;
      if (parsed.kind === 'invalid')
        warn(`${label(field)} "${shorten(value)}" is not a time like 1:02:03 or DNF; left out`);
      return null;
    };
    const gunTime = time('gun_time');
    const netTime = time('net_time');
    const rank = (field: 'overall_rank' | 'category_rank'): number | null => {
      const value = cell(field);
      if (value === '' || value === '-') return null;
      const match = /^(\d{1,7})\.?$/.exec(value);
      const n = match ? Number(match[1]) : NaN;
      if (n >= 1) return n;
      warn(`${label(field)} "${shorten(value)}" is not a positive whole number; left out`);
      return null;
    };
    const splits: [string, number][] = [];
    for (const { index, label: splitLabel } of splitColumns) {
      const value = (record.fields[index] ?? '').trim();
      const parsed = parseRaceTime(value);
      if (parsed.kind === 'time') splits.push([splitLabel, parsed.seconds]);
      else if (parsed.kind === 'invalid')
        warn(`split "${splitLabel}" value "${shorten(value)}" is not a time; left out`);
    }
    rows.push({
      line: record.line,
      bib,
      name,
      gender: normaliseGender(cell('gender')),
      category: cell('category') || null,
      status,
      gun_time: gunTime,
      net_time: netTime,
      overall_rank: rank('overall_rank'),
      category_rank: rank('category_rank'),
      splits,
    });
  }

  const named: ParsedResults['columns'] = { splits: splitColumns.map((s) => s.label) };
  for (const [field, index] of Object.entries(columns) as [ResultField, number][])
    named[field] = headers[index]!;
  return { rows, errors, warnings, columns: named, encoding, delimiter };
}

function findSplitColumns(
  headers: readonly string[],
  columns: ColumnMapping,
  data: readonly string[][],
): { index: number; label: string }[] {
  const used = new Set(Object.values(columns));
  const splits: { index: number; label: string }[] = [];
  headers.forEach((header, index) => {
    if (used.has(index) || header === '') return;
    if (SPLIT_HEADER.test(header)) {
      splits.push({ index, label: header });
      return;
    }
    // An unnamed kind of column whose values are nearly all times is a split too.
    const values = data
      .slice(0, 200)
      .map((fields) => (fields[index] ?? '').trim())
      .filter((v) => v !== '');
    if (
      values.length > 0 &&
      values.filter(looksLikeTime).length >= 0.8 * values.length &&
      values.some((v) => parseRaceTime(v).kind === 'time')
    ) {
      splits.push({ index, label: header });
    }
  });
  return splits;
}

function joinName(name: string, first: string, last: string): string {
  const joined = name !== '' ? name : [first, last].filter((p) => p !== '').join(' ');
  return joined.replace(/\s+/g, ' ').trim();
}

const GENDERS: Readonly<Record<string, string>> = {
  m: 'M',
  male: 'M',
  man: 'M',
  men: 'M',
  h: 'M',
  homme: 'M',
  hombre: 'M',
  herren: 'M',
  mann: 'M',
  f: 'F',
  w: 'F',
  female: 'F',
  woman: 'F',
  women: 'F',
  femme: 'F',
  mujer: 'F',
  damen: 'F',
  frau: 'F',
  x: 'X',
  nb: 'X',
  nonbinary: 'X',
};

function normaliseGender(value: string): string | null {
  if (value === '') return null;
  return GENDERS[value.toLowerCase().replace(/[^a-z]/g, '')] ?? value;
}

function parseStatus(value: string): FinishStatus | null {
  const key = value.toLowerCase().replace(/[^a-z]/g, '');
  if (['finished', 'finisher', 'fin', 'ok', 'f'].includes(key)) return 'finished';
  const parsed = parseRaceTime(value);
  return parsed.kind === 'status' ? parsed.status : null;
}

function label(field: ResultField): string {
  return field.replace('_', ' ');
}

function shorten(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
