'use client';

import { useState } from 'react';
import { countEventStat } from '@/lib/event-stats';
import { RUNNER_TEXT } from './strings';

/**
 * Shares the page (the Web Share API where the browser has it, else the link is copied). The
 * gallery's search results use it too, with their own words.
 */
export function RunnerShare({
  title,
  apiBase,
  eventId,
  label = RUNNER_TEXT.share,
  className = 'button button-ghost',
}: {
  title: string;
  apiBase: string;
  eventId: number;
  label?: string;
  className?: string;
}) {
  /** Counted in the event's analytics (nothing of the visitor). */
  const onShared = () => countEventStat(apiBase, eventId, 'share');
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      const shared = await navigator.share({ title, url }).then(
        () => true,
        () => false,
      );
      if (shared) onShared();
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      onShared();
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      /* Nothing to copy to: the address bar still has the link. */
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={() => void share()}>
        {label}
      </button>
      <span className="runner-copied" role="status">
        {copied ? RUNNER_TEXT.copied : ''}
      </span>
    </>
  );
}
