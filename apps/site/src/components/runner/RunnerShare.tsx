'use client';

import { useState } from 'react';
import { RUNNER_TEXT } from './strings';

/** Shares the page (the Web Share API where the browser has it, else the link is copied). */
export function RunnerShare({ title }: { title: string }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      /* Nothing to copy to: the address bar still has the link. */
    }
  };
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => void share()}>
        {RUNNER_TEXT.share}
      </button>
      <span className="runner-copied" role="status">
        {copied ? RUNNER_TEXT.copied : ''}
      </span>
    </>
  );
}
