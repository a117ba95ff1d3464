'use client';

import { selectedLabel } from '@/lib/gallery/selection';

export interface SelectionBarProps {
  count: number;
  loaded: number;
  total: number;
  limit: number;
  busy: boolean;
  selectingAll: boolean;
  /** Every loaded photo. */
  onSelectLoaded: () => void;
  /** Every photo of the listing, loaded or not (up to the zip's limit). */
  onSelectEvery: () => void;
  onClear: () => void;
  onDownload: () => void;
  onDone: () => void;
}

/** Select mode's bar, stuck to the bottom of the screen: the count (announced), and what to do. */
export function SelectionBar({ count, loaded, total, limit, busy, selectingAll, onSelectLoaded, onSelectEvery, onClear, onDownload, onDone }: SelectionBarProps) {
  const allLoaded = loaded >= total;
  return (
    <div className="selection-bar" role="region" aria-label="Selection">
      <p className="selection-count" aria-live="polite" aria-atomic="true">
        {selectedLabel(count)}
        {count >= limit ? <span className="selection-limit">{` (at most ${limit.toLocaleString('en-US')} a zip)`}</span> : null}
      </p>
      <p className="selection-hint">Tap photos to select · Shift-click selects a range</p>
      <div className="selection-actions">
        <button type="button" className="button button-ghost" onClick={onSelectLoaded} disabled={count >= Math.min(loaded, limit)}>
          {allLoaded ? 'Select all' : `Select ${loaded.toLocaleString('en-US')} loaded`}
        </button>
        {!allLoaded ? (
          <button type="button" className="button button-ghost" onClick={onSelectEvery} disabled={selectingAll || count >= Math.min(total, limit)}>
            {selectingAll ? 'Selecting…' : `Select all ${Math.min(total, limit).toLocaleString('en-US')}`}
          </button>
        ) : null}
        {count > 0 ? (
          <button type="button" className="button button-ghost" onClick={onClear}>
            Clear
          </button>
        ) : null}
        <button type="button" className="button" onClick={onDownload} disabled={count === 0 || busy}>
          {count > 0 ? `Download ${count.toLocaleString('en-US')}` : 'Download'}
        </button>
        <button type="button" className="button button-outline" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
