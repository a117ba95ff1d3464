import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { PasswordGate } from '@/components/access/PasswordGate';
import { ACCESS_TEXT } from '@/components/access/strings';
import { EventLoadFailure } from '@/components/gallery/EventLoadFailure';
import { GALLERY_STRINGS } from '@/components/gallery/strings';
import { gateErrorOf, retryMinutesOf, safeNext } from '@/lib/gallery-access';
import { loadEvent } from '@/provider';

type Props = {
  params: Promise<{ domain: string; eventSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Nothing of the event, never indexed. */
export const metadata: Metadata = {
  title: { absolute: ACCESS_TEXT.title },
  robots: { index: false, follow: false },
};

/**
 * A password gallery's password page after an attempt (`?error=wrong|limited|empty|failed`,
 * `?next=` the page to go back to): the same form every page of the event shows, with what went
 * wrong. A visitor who has access already goes on to the page; an event that is not the
 * organiser's is a 404.
 */
export default async function PasswordPage({ params, searchParams }: Props) {
  const [{ domain, eventSlug }, query, requestHeaders] = await Promise.all([
    params,
    searchParams,
    headers(),
  ]);
  const next = safeNext(eventSlug, one(query.next), requestHeaders.get('host'));
  const load = await loadEvent(domain, eventSlug);
  if (load.kind === 'not-found' || load.kind === 'no-id') notFound();
  if (load.kind === 'ok') redirect(next);
  if (load.kind !== 'locked')
    return <EventLoadFailure load={load} title={GALLERY_STRINGS.loadFailed} />;
  return (
    <PasswordGate
      eventSlug={eventSlug}
      reason={load.reason}
      error={gateErrorOf(one(query.error))}
      retryMinutes={retryMinutesOf(one(query.retry))}
      next={next}
    />
  );
}

/** Read per request: the visitor's grant of the event (a password gallery), or their query. */
export const dynamic = 'force-dynamic';
