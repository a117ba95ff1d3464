/** Race results: the results file, bib and name queries. Pure: no database, no HTTP. */
export {
  parseResultsCsv,
  ResultsFileError,
  MAX_RESULTS_BYTES,
  MAX_RESULTS_ROWS,
} from './parse-results.js';
export type { ResultRow, RowProblem, ParsedResults, ParseResultsOptions } from './parse-results.js';
export { RESULT_FIELDS, type ResultField } from './columns.js';
export type { TextEncodingName } from './decode-text.js';
export { formatSeconds, parseRaceTime, type FinishStatus, type ParsedTime } from './race-time.js';
export {
  parseBibQuery,
  canonicalBib,
  MAX_BIB_LENGTH,
  type BibQueryOptions,
  type BibQueryResult,
} from './bib-query.js';
export {
  normaliseName,
  parseNameQuery,
  buildNameIndex,
  matchNames,
  MAX_NAME_QUERY_LENGTH,
  MAX_NAME_QUERY_WORDS,
} from './names.js';
export type {
  NameIndex,
  NameMatch,
  NameMatchKind,
  NameSearchResult,
  NamedRow,
  NameQuery,
} from './names.js';
export { splitsInOrder, splitsObject } from './splits.js';
