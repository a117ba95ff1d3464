import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HideMeLink } from '@/components/hide/HideMeLink';
import { RunnerPage, runnerMetadata } from '@/components/runner/RunnerPage';
import { loadEvent } from '@/provider';

type Props = { params: Promise<{ domain: string; eventSlug: string; bib: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const metadata = await runnerMetadata(await params);
  if (!metadata) notFound();
  return metadata;
}

/**
 * A runner's own page: their photos (the bib search), their result, their certificate and a
 * poster, one zip of their photos (docs/runner-page.md). An invalid bib or an unknown event is a
 * 404; a bib without photos yet is a friendly page. Rendered per request: the bib search is the
 * visitor's own (it counts against their search budget at the API), like a gallery search.
 */
export default async function RunnerRoute({ params }: Props) {
  const p = await params;
  // loadEvent's answer is cached: the runner page reads the same one.
  const [page, load] = await Promise.all([RunnerPage(p), loadEvent(p.domain, p.eventSlug)]);
  const hideMe = load.kind === 'ok' && load.event.config.feature_flag.selfie_search;
  return (
    <>
      {page}
      {hideMe ? <HideMeLink eventSlug={p.eventSlug} /> : null}
    </>
  );
}

/** Read per request: the visitor's grant of the event (a password gallery), or their query. */
export const dynamic = 'force-dynamic';
