import type { Metadata } from 'next';
import { BibsByHand } from '@/components/console/bibs/BibsByHand';
import { BIBS_TEXT } from '@/components/console/bibs/strings';
import '@/components/console/bibs/bibs.css';
import { ConsoleFrame, EventNav } from '@/components/console/ConsoleFrame';
import '@/components/console/console.css';
import { publicApiUrl } from '@/provider/env';
import { consoleEvent } from '@/provider/console-events';
import { bibReview } from '@/provider/console-bibs';
import { consoleSessionOrSignIn } from '../../../session';
import { eventIdOf } from '../../screen';

export const metadata: Metadata = {
  title: BIBS_TEXT.title,
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ domain: string; eventId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Bibs by hand (owner and editor): the event's photos whose bibs were not read, or read unsure,
 * one at a time (components/console/bibs/BibsByHand.tsx). `?after=` goes on after a photo;
 * `?error=&typed=` come back from a save the API refused (the form without JavaScript).
 */
export default async function BibsPage({ params, searchParams }: Props) {
  const [{ eventId: rawId }, query, session] = await Promise.all([
    params,
    searchParams,
    consoleSessionOrSignIn(),
  ]);
  const { who, token, csrf } = session;
  const eventId = eventIdOf(rawId) ?? 0;
  const frame = (children: React.ReactNode, eventName?: string) => (
    <div className="container page console">
      <ConsoleFrame
        who={who}
        csrf={csrf}
        current="events"
        title={eventName ? BIBS_TEXT.titleOf(eventName) : BIBS_TEXT.title}
      >
        {eventName ? (
          <EventNav who={who} eventId={eventId} eventName={eventName} current="bibs" />
        ) : null}
        {children}
      </ConsoleFrame>
    </div>
  );
  if (who.user.role === 'photographer')
    return frame(<p className="console-error">{BIBS_TEXT.notAllowed}</p>);
  const found = eventId > 0 ? await consoleEvent(token, eventId) : null;
  const event = found?.ok ? found.data : undefined;
  if (found && !found.ok && found.status !== 404)
    return frame(
      <p className="console-error" role="alert">
        {BIBS_TEXT.loadFailed}
      </p>,
    );
  if (!event) return frame(<p className="console-error">{BIBS_TEXT.noEvent}</p>);
  const afterParam = one(query.after);
  const after = afterParam && UUID.test(afterParam) ? afterParam.toLowerCase() : undefined;
  let review = await bibReview(token, eventId, after);
  // A cursor that no longer names a photo of the event (deleted since): from the start.
  if (!review.ok && review.status === 400 && after)
    review = await bibReview(token, eventId, undefined);
  if (!review.ok)
    return frame(
      <p className="console-error" role="alert">
        {BIBS_TEXT.loadFailed}
      </p>,
      event.name,
    );
  const error = one(query.error)?.slice(0, 300);
  const typed = one(query.typed)?.slice(0, 600);
  const saved = one(query.saved);
  return frame(
    <section className="bibs-screen" aria-label={BIBS_TEXT.title}>
      <p className="bibs-intro">{BIBS_TEXT.intro}</p>
      {saved && !error ? (
        <p className="console-notice" role="status">
          {BIBS_TEXT.saved(saved === '-' ? [] : saved.split(' ').slice(0, 50))}
        </p>
      ) : null}
      {!event.published && review.data.photos.length > 0 ? (
        <p className="console-notice">{BIBS_TEXT.unpublished}</p>
      ) : null}
      <BibsByHand
        key={after ?? 'start'}
        eventId={eventId}
        csrf={csrf}
        apiBase={publicApiUrl()}
        photos={review.data.photos}
        total={review.data.total}
        threshold={review.data.threshold}
        after={after ?? null}
        nextAfter={review.data.next_after}
        {...(typed !== undefined ? { typed } : {})}
        {...(error ? { error: BIBS_TEXT.saveFailed(error) } : {})}
      />
    </section>,
    event.name,
  );
}
