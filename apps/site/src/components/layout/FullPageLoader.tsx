/** Shown until the organiser configuration is loaded. */
export const FULL_PAGE_LOADING_TEXT = 'Loading event data...';

export function FullPageLoader() {
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{FULL_PAGE_LOADING_TEXT}</p>
    </div>
  );
}
