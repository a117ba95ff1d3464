import { RESULTS_MAP_FIELDS, type ResultsMapField, type ResultsPreview } from '@eventsite/contract';

/**
 * The console's results file, on the site's side: what an upload must be before it is sent to
 * the API, and the column mapping the preview's selects make (`?map=` of the admin API).
 */

/**
 * The console takes results files up to 9 MB: the site's proxy reads at most 10 MB of a request
 * body. The CLI and the admin API take up to 20 MB.
 */
export const CONSOLE_RESULTS_MAX_BYTES = 9 * 1024 * 1024;

/** Why an uploaded file cannot be a results file, in words for the organiser, or null. */
export function uploadProblem(bytes: Uint8Array, filename: string): string | null {
  if (bytes.length === 0) return 'The file is empty. Choose the CSV file of the results.';
  if (bytes.length > CONSOLE_RESULTS_MAX_BYTES)
    return `The file is ${megabytes(bytes.length)}; the console takes results files up to ${megabytes(CONSOLE_RESULTS_MAX_BYTES)}. Split it, or import it with the command line (up to 20 MB).`;
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || /\.(xlsx|xlsm|ods|numbers)$/i.test(filename))
    return 'This is a spreadsheet workbook, not a CSV file. In your spreadsheet, use “Save as” or “Export” and choose CSV, then upload that file.';
  if (starts(0xd0, 0xcf, 0x11, 0xe0))
    return 'This is an old Excel workbook (.xls), not a CSV file. Save it as CSV, then upload that file.';
  if (starts(0x25, 0x50, 0x44, 0x46))
    return 'This is a PDF, not a CSV file. Ask your timing company for the results as CSV.';
  const utf16 = starts(0xff, 0xfe) || starts(0xfe, 0xff);
  if (!utf16 && bytes.subarray(0, 8192).includes(0))
    return 'This is not a text file. Save the results as CSV (comma, semicolon or tab separated) and upload that.';
  return null;
}

/** Human words for each results field (the mapping's labels). */
export const FIELD_LABELS: Record<ResultsMapField, string> = {
  bib: 'Bib number',
  name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  gender: 'Gender',
  category: 'Category',
  gun_time: 'Time (gun)',
  net_time: 'Chip time (net)',
  overall_rank: 'Overall place',
  category_rank: 'Place in category',
  status: 'Status (DNF, DNS, DQ)',
};

export const MAP_FIELDS = RESULTS_MAP_FIELDS;
/** The select's value for "no column". */
export const NO_COLUMN = '-';

/** The query or form name of a field's select. */
export const columnParam = (field: ResultsMapField) => `col_${field}`;

/**
 * The headers a mapping can name: the API's `?map=` separates pairs with commas and field from
 * column with a colon, so a heading with either (or an empty one) is not offered; nor is "-".
 */
export function mappableHeaders(headers: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const h of headers) {
    if (h === '' || h === NO_COLUMN || /[,:]/.test(h) || seen.has(h.toLowerCase())) continue;
    seen.add(h.toLowerCase());
    out.push(h);
  }
  return out;
}

type Query = Record<string, string | string[] | undefined> | URLSearchParams | FormData;

function read(query: Query, name: string): string | undefined {
  if (query instanceof URLSearchParams || query instanceof FormData) {
    const v = query.get(name);
    return typeof v === 'string' ? v : undefined;
  }
  const v = query[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * The `?map=` of the selects a person chose (`col_bib=Dorsal&col_category=-`): only fields that
 * were chosen, each a header of the file or "-" for none. Anything else is left out, so the API
 * guesses that field. Empty when nothing was chosen (the first preview: every column guessed).
 */
export function mapOfChoices(query: Query, headers: readonly string[]): string {
  const allowed = new Set(mappableHeaders(headers));
  const pairs: string[] = [];
  for (const field of MAP_FIELDS) {
    const value = read(query, columnParam(field));
    if (value === undefined) continue;
    if (value === NO_COLUMN || allowed.has(value)) pairs.push(`${field}:${value}`);
  }
  return pairs.join(',');
}

/** The choices a `?map=` string stands for (to carry them from the preview to the import). */
export function choicesOfMap(map: string): Partial<Record<ResultsMapField, string>> {
  const out: Partial<Record<ResultsMapField, string>> = {};
  if (!map) return out;
  for (const pair of map.split(',')) {
    const colon = pair.indexOf(':');
    const field = pair.slice(0, colon) as ResultsMapField;
    if (colon > 0 && MAP_FIELDS.includes(field)) out[field] = pair.slice(colon + 1);
  }
  return out;
}

/** The column a field's select shows: as the API understood the file (chosen or guessed), else none. */
export function selectedColumn(field: ResultsMapField, preview: Pick<ResultsPreview, 'columns'>) {
  return preview.columns[field] ?? NO_COLUMN;
}

/** "semicolons", "commas", "tabs". */
export function delimiterName(delimiter: ResultsPreview['delimiter']): string {
  return delimiter === ';' ? 'semicolons' : delimiter === '\t' ? 'tabs' : 'commas';
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
