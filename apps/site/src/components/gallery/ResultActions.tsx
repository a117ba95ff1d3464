'use client';

import { RunnerShare } from '@/components/runner/RunnerShare';
import { RUNNER_TEXT } from '@/components/runner/strings';
import { RESULT_ACTIONS } from './resultText';
import { photoCount } from './strings';

export interface ResultActionsProps {
  /** How many photos the results hold. */
  count: number;
  /** Zips every photo of the results (the gallery's zip download); null without bulk_download. */
  onDownload: (() => void) | null;
  /** A zip is on its way: one at a time. */
  busy: boolean;
  /** The runner's page, only when the bib is known (its photos or its result were found). */
  runnerHref: string | null;
  /**
   * Shares the results' link (a bib or name search), titled after them (`results`, the count
   * line) and the event; null where there is none (a selfie).
   */
  share: { results: string; eventName: string; apiBase: string; eventId: number } | null;
}

/**
 * Over a search's results, one tap each: all of them in one zip, the runner's page, a link to
 * share. Nothing shows when there is nothing to offer.
 */
export function ResultActions({ count, onDownload, busy, runnerHref, share }: ResultActionsProps) {
  if (!onDownload && !runnerHref && !share) return null;
  return (
    <div className="result-actions" role="group" aria-label={RESULT_ACTIONS.label}>
      {onDownload ? (
        <button type="button" className="button result-download" onClick={onDownload} disabled={busy}>
          {RESULT_ACTIONS.download(photoCount(count))}
        </button>
      ) : null}
      {runnerHref ? (
        <a className="button button-outline result-runner-link" href={runnerHref}>
          {RUNNER_TEXT.runnerLink}
        </a>
      ) : null}
      {share ? (
        <RunnerShare
          title={RESULT_ACTIONS.shareTitle(share.results, share.eventName)}
          apiBase={share.apiBase}
          eventId={share.eventId}
          label={RESULT_ACTIONS.share}
          className="button button-outline"
        />
      ) : null}
    </div>
  );
}
