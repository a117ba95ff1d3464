'use client';

import type { FeatureFlags, RunnerMatch } from '@eventsite/contract';
import { useEffect, useState } from 'react';
import type { GallerySearch } from '@/lib/gallery/search';
import { fetchRunnersByName } from '@/provider/runner-search';
import { RUNNER_TEXT, runnerHref } from './strings';
import './runner.css';

export interface RunnerLinksProps {
  eventId: number;
  eventSlug: string;
  apiBase: string;
  search: GallerySearch | null;
  flags: FeatureFlags;
}

/** The runners a name search matches in the results (our extension), and how many matched in all. */
function useRunnersByName(apiBase: string, eventId: number, name: string | null): { runners: readonly RunnerMatch[]; total: number } {
  const [found, setFound] = useState<{ name: string; runners: RunnerMatch[]; total: number } | null>(null);
  useEffect(() => {
    if (!name) return;
    const abort = new AbortController();
    fetchRunnersByName(apiBase, eventId, name, abort.signal)
      .then((answer) => {
        if (!abort.signal.aborted) setFound({ name, runners: answer?.runners ?? [], total: answer?.total ?? 0 });
      })
      .catch(() => {
        /* Nothing offered: the name's photos are what was asked for. */
      });
    return () => abort.abort();
  }, [apiBase, eventId, name]);
  return found && found.name === name ? found : { runners: [], total: 0 };
}

/**
 * The gallery's way to runners' pages from a name search: where the event shows results, the
 * runners it matches, to pick. (A bib search links its runner page among its results' actions,
 * once the bib is known: gallery/ResultActions.)
 */
export function RunnerLinks({ eventId, eventSlug, apiBase, search, flags }: RunnerLinksProps) {
  const name = search?.kind === 'name' && flags.show_timing_data ? search.value : null;
  const { runners, total } = useRunnersByName(apiBase, eventId, name);
  if (!name || runners.length === 0) return null;
  return (
    <section className="runner-pick" aria-labelledby={`runner-pick-${eventId}`}>
      <h2 id={`runner-pick-${eventId}`}>{RUNNER_TEXT.pickTitle}</h2>
      <p>{RUNNER_TEXT.pickText}</p>
      <ul>
        {runners.map((r) => (
          <li key={r.bib}>
            <a className="button button-outline" href={runnerHref(eventSlug, r.bib)}>
              {RUNNER_TEXT.pickLabel(r.name, r.bib)}
            </a>
          </li>
        ))}
      </ul>
      {total > runners.length ? <p className="runner-pick-more">{RUNNER_TEXT.pickMore(total - runners.length)}</p> : null}
    </section>
  );
}
