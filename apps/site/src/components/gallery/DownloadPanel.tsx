'use client';

import { formatBytes, percent, progressText, type Progress } from '@/lib/gallery/download';

export type DownloadState =
  | { phase: 'idle' }
  | { phase: 'running'; label: string; progress: Progress }
  | { phase: 'done'; label: string; filename: string; bytes: number }
  | { phase: 'error'; label: string; message: string };

/** A zip on its way: progress (MB and %), cancel; then done, or the server's reason for refusing. */
export function DownloadPanel({ state, onCancel, onDismiss }: { state: DownloadState; onCancel: () => void; onDismiss: () => void }) {
  if (state.phase === 'idle') return null;
  const p = state.phase === 'running' ? percent(state.progress) : null;
  return (
    <div className="download-panel" role="region" aria-label="Download" data-phase={state.phase}>
      <div className="download-text">
        {state.phase === 'running' ? (
          <>
            <p className="download-title">{`Preparing your zip · ${state.label}`}</p>
            <p className="download-detail" aria-live="polite">
              {progressText(state.progress)}
            </p>
            <div
              className="download-bar"
              role="progressbar"
              aria-label="Download progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={p ?? undefined}
              aria-valuetext={progressText(state.progress)}
            >
              <span style={{ width: p === null ? '30%' : `${p}%` }} data-indeterminate={p === null || undefined} />
            </div>
          </>
        ) : state.phase === 'done' ? (
          <>
            <p className="download-title">Download complete</p>
            <p className="download-detail" role="status">{`${state.filename} · ${formatBytes(state.bytes)}`}</p>
          </>
        ) : (
          <>
            <p className="download-title">Download failed</p>
            <p className="download-detail" role="alert">
              {state.message}
            </p>
          </>
        )}
      </div>
      {state.phase === 'running' ? (
        <button type="button" className="button button-outline" onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <button type="button" className="button button-ghost" onClick={onDismiss} aria-label="Close download message">
          Close
        </button>
      )}
    </div>
  );
}
