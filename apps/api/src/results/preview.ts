/**
 * What importing a results file would do, before it is done (the console's preview): its header
 * and first rows as read, how its columns are understood, each row's problem, and how many
 * runners would be added, replaced, refused or dropped. Pure: the stored bibs are given.
 */
import { RESULTS_PREVIEW_ROWS, type ResultsPreview } from '@eventsite/contract';
import { mapColumns, type ResultField } from './columns.js';
import { CsvSyntaxError, detectDelimiter, parseCsv } from './csv.js';
import { decodeText } from './decode-text.js';
import {
  MAX_RESULTS_BYTES,
  parseResultsCsv,
  ResultsFileError,
  type ParsedResults,
} from './parse-results.js';

const CELL_LENGTH = 200;

/**
 * A file that is not text at all (an image, a spreadsheet's binary, a zip): NUL bytes in its
 * first 8 KB, where a UTF-8 or Windows-1252 CSV has none (UTF-16 starts with its BOM).
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return false;
  const head = bytes.subarray(0, 8192);
  return head.includes(0);
}

/** Throws `ResultsFileError` for a file that cannot be a results file at all. */
export function checkResultsFile(bytes: Uint8Array, maxBytes = MAX_RESULTS_BYTES): void {
  if (bytes.length === 0) throw new ResultsFileError('the file is empty');
  if (bytes.length > maxBytes)
    throw new ResultsFileError(
      `the file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; results files are limited to ${maxBytes / 1024 / 1024} MB`,
    );
  if (looksBinary(bytes))
    throw new ResultsFileError(
      'this is not a text file: save the results as CSV (comma, semicolon or tab separated) and send that',
    );
}

/** Of the parsed rows, which bibs are new and which replace a stored runner; stored bibs not in the file. */
export function importCounts(
  parsed: Pick<ParsedResults, 'rows' | 'errors'>,
  storedBibs: ReadonlySet<string>,
) {
  let added = 0;
  let updated = 0;
  const inFile = new Set<string>();
  for (const row of parsed.rows) {
    inFile.add(row.bib);
    if (storedBibs.has(row.bib)) updated++;
    else added++;
  }
  let removed = 0;
  for (const bib of storedBibs) if (!inFile.has(bib)) removed++;
  return { added, updated, refused: parsed.errors.length, removed };
}

/** The row problems of a parse, refused rows and warnings together, by line. */
export function rowProblems(parsed: Pick<ParsedResults, 'errors' | 'warnings'>) {
  return [
    ...parsed.errors.map((e) => ({ ...e, kind: 'refused' as const })),
    ...parsed.warnings.map((e) => ({ ...e, kind: 'warning' as const })),
  ].sort((a, b) => a.line - b.line);
}

/**
 * The preview of a results file. A file that is not CSV at all throws `ResultsFileError`; a file
 * whose columns cannot be understood (no bib column…) answers its header and rows with `problem`,
 * so the caller can choose the columns.
 */
export function previewResults(
  bytes: Buffer,
  mapping: Partial<Record<ResultField, string>>,
  storedBibs: ReadonlySet<string>,
): ResultsPreview {
  checkResultsFile(bytes);
  const { text, encoding } = decodeText(bytes);
  if (text.trim() === '') throw new ResultsFileError('the file is empty');
  const delimiter = detectDelimiter(text);
  let headers: string[] = [];
  const sample: ResultsPreview['sample'] = [];
  let total = -1;
  try {
    for (const record of parseCsv(text, delimiter)) {
      total++;
      if (total === 0) headers = record.fields.map((h) => h.trim());
      else if (sample.length < RESULTS_PREVIEW_ROWS)
        sample.push({
          line: record.line,
          cells: record.fields.map((c) =>
            c.length > CELL_LENGTH ? `${c.slice(0, CELL_LENGTH)}…` : c,
          ),
        });
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new ResultsFileError(`the file is not valid CSV: ${error.message}`);
    throw error;
  }
  let parsed: ParsedResults;
  try {
    parsed = parseResultsCsv(bytes, { mapping });
  } catch (error) {
    if (!(error instanceof ResultsFileError)) throw error;
    return {
      headers,
      sample,
      total_rows: Math.max(total, 0),
      delimiter,
      encoding,
      columns: guessedColumns(headers, mapping),
      splits: [],
      problem: error.message,
      errors: [],
      counts: { added: 0, updated: 0, refused: 0, removed: 0 },
    };
  }
  const { splits, ...fields } = parsed.columns;
  const columns: Record<string, string> = {};
  for (const [field, header] of Object.entries(fields)) if (header) columns[field] = header;
  return {
    headers,
    sample,
    total_rows: Math.max(total, 0),
    delimiter,
    encoding,
    columns,
    splits,
    problem: null,
    errors: rowProblems(parsed),
    counts: importCounts(parsed, storedBibs),
  };
}

/** The columns found for each field (given or guessed), even when the file cannot be imported as is. */
function guessedColumns(
  headers: string[],
  mapping: Partial<Record<ResultField, string>>,
): Record<string, string> {
  const columns: Record<string, string> = {};
  try {
    for (const [field, index] of Object.entries(mapColumns(headers, mapping)))
      if (index !== undefined && headers[index]) columns[field] = headers[index];
  } catch {
    // A mapping naming a column not in the file: the problem says so; nothing is guessed.
  }
  return columns;
}
