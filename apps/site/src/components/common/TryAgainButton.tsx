'use client';

/** 'Try Again' reloads the page. */
export function TryAgainButton() {
  return (
    <button type="button" className="button" onClick={() => window.location.reload()}>
      Try Again
    </button>
  );
}
