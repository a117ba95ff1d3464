import type { ResultsImportAnswer, ResultsPreview } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import {
  columnParam,
  delimiterName,
  FIELD_LABELS,
  MAP_FIELDS,
  mappableHeaders,
  NO_COLUMN,
  selectedColumn,
} from './results-file';
import { EVENTS_TEXT } from './strings';

/** Problems listed at most on one page. */
const MAX_PROBLEMS = 200;

interface Props {
  eventId: number;
  csrf: string;
  error: string | null;
  /** The uploaded file's preview, with the id it is stashed under. */
  preview: { fileId: string; filename: string; data: ResultsPreview } | null;
  report: ResultsImportAnswer | null;
}

/** Results import: upload a CSV, see its preview and columns, import, see what happened. */
export function ResultsScreen({ eventId, csrf, error, preview, report }: Props) {
  const base = `/console/events/${eventId}/results`;
  return (
    <div className="events-screen">
      {error ? (
        <p className="console-error" role="alert">
          {error}
        </p>
      ) : null}
      {report ? <ImportReport report={report} /> : null}
      {preview ? (
        <Preview base={base} csrf={csrf} {...preview} />
      ) : (
        <section className="events-section" aria-labelledby="results-upload">
          <h2 id="results-upload" className="console-section-title">
            {report ? EVENTS_TEXT.otherFile : EVENTS_TEXT.uploadTitle}
          </h2>
          <p>{EVENTS_TEXT.resultsIntro}</p>
          <UploadForm base={base} csrf={csrf} />
        </section>
      )}
    </div>
  );
}

function UploadForm({ base, csrf }: { base: string; csrf: string }) {
  return (
    <form
      method="post"
      action={`${base}/upload`}
      encType="multipart/form-data"
      className="events-form"
    >
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <div className="events-field">
        <label htmlFor="results-file">{EVENTS_TEXT.resultsFile}</label>
        <p id="results-file-hint" className="console-hint">
          {EVENTS_TEXT.resultsFileHint}
        </p>
        <input
          id="results-file"
          name="file"
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
          aria-describedby="results-file-hint"
        />
      </div>
      <button type="submit" className="button">
        {EVENTS_TEXT.upload}
      </button>
    </form>
  );
}

function Problems({ problems }: { problems: ResultsPreview['errors'] }) {
  if (problems.length === 0) return null;
  const shown = problems.slice(0, MAX_PROBLEMS);
  return (
    <div className="events-table-wrap">
      <table className="events-table events-problems">
        <caption>{EVENTS_TEXT.problems}</caption>
        <thead>
          <tr>
            <th scope="col">{EVENTS_TEXT.line}</th>
            <th scope="col">What is wrong</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p, i) => (
            <tr
              key={`${p.line}-${i}`}
              className={p.kind === 'refused' ? 'events-refused' : undefined}
            >
              <td>{p.line}</td>
              <td>{p.message}</td>
              <td>{EVENTS_TEXT.problemKind[p.kind]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length > shown.length ? (
        <p>{EVENTS_TEXT.moreProblems(problems.length - shown.length)}</p>
      ) : null}
    </div>
  );
}

function ImportReport({ report }: { report: ResultsImportAnswer }) {
  return (
    <section className="events-section" aria-labelledby="results-report">
      <h2 id="results-report" className="console-section-title">
        {EVENTS_TEXT.imported}
      </h2>
      <p className="console-notice" role="status">
        {EVENTS_TEXT.importedCounts(report)}
      </p>
      <Problems problems={report.errors} />
    </section>
  );
}

function Preview({
  base,
  csrf,
  fileId,
  filename,
  data,
}: {
  base: string;
  csrf: string;
  fileId: string;
  filename: string;
  data: ResultsPreview;
}) {
  const options = mappableHeaders(data.headers);
  const unmappable = data.headers.filter((h) => h !== '' && /[,:]/.test(h));
  const columns = MAP_FIELDS.map((field) => [field, selectedColumn(field, data)] as const);
  return (
    <section className="events-section" aria-labelledby="results-preview">
      <h2 id="results-preview" className="console-section-title">
        {EVENTS_TEXT.previewTitle}: {filename}
      </h2>
      <p>
        {EVENTS_TEXT.previewOf(
          data.total_rows,
          delimiterName(data.delimiter),
          data.encoding.toUpperCase(),
        )}
      </p>
      <div
        className="events-table-wrap"
        tabIndex={0}
        role="region"
        aria-labelledby="results-sample"
      >
        <table className="events-table">
          <caption id="results-sample">{EVENTS_TEXT.firstRows(data.sample.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{EVENTS_TEXT.line}</th>
              {data.headers.map((h, i) => (
                <th scope="col" key={i}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.sample.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                {data.headers.map((_, i) => (
                  <td key={i}>{row.cells[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <form method="get" action={base} className="events-form">
        <input type="hidden" name="file" value={fileId} />
        <fieldset className="events-group">
          <legend>{EVENTS_TEXT.mapping}</legend>
          <p className="console-hint">{EVENTS_TEXT.mappingHint}</p>
          <div className="events-mapping">
            {columns.map(([field, selected]) => (
              <div className="events-field" key={field}>
                <label htmlFor={columnParam(field)}>{FIELD_LABELS[field]}</label>
                <select id={columnParam(field)} name={columnParam(field)} defaultValue={selected}>
                  <option value={NO_COLUMN}>{EVENTS_TEXT.noColumn}</option>
                  {options.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          {unmappable.length > 0 ? (
            <p className="console-hint">{EVENTS_TEXT.unmappable(unmappable)}</p>
          ) : null}
          {data.splits.length > 0 ? <p>{EVENTS_TEXT.splits(data.splits)}</p> : null}
        </fieldset>
        <button type="submit" className="button button-outline">
          {EVENTS_TEXT.updatePreview}
        </button>
      </form>

      {data.problem ? (
        <div className="console-error" role="alert">
          <p>{EVENTS_TEXT.cannotImport}</p>
          <p>{data.problem}</p>
        </div>
      ) : (
        <>
          <h3 className="events-subtitle">{EVENTS_TEXT.wouldDo}</h3>
          <ul className="events-counts">
            {EVENTS_TEXT.counts(data.counts).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Problems problems={data.errors} />
          <form method="post" action={`${base}/import`} className="events-form">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="file" value={fileId} />
            {columns.map(([field, selected]) => (
              <input key={field} type="hidden" name={columnParam(field)} value={selected} />
            ))}
            <button type="submit" className="button">
              {EVENTS_TEXT.importButton}
            </button>
          </form>
        </>
      )}
      <p>
        <a className="text-link" href={base}>
          {EVENTS_TEXT.otherFile}
        </a>
      </p>
    </section>
  );
}
