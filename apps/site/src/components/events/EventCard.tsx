import Link from 'next/link';
import { calendarDay, formatEventDate, isoDay } from '@/lib/date';
import { pickMosaic } from '@/lib/mosaic/tiles';
import type { EventCardData } from '@/provider';
import { Mosaic } from './Mosaic';
import { CARD_LINKS, eventHref, type CardMode } from './strings';

export interface EventCardProps {
  event: EventCardData;
  mode: CardMode;
  apiBase: string;
  headingLevel?: 2 | 3;
  /** Tiles of the cover that load at once (see Mosaic). */
  eagerTiles?: number;
}

export function EventCard({ event, mode, apiBase, headingLevel = 2, eagerTiles = 0 }: EventCardProps) {
  const { tiles, candidates } = pickMosaic(event.photos);
  const link = CARD_LINKS[mode];
  const titleId = `event-${event.id}-${mode}-title`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article className="event-card" data-event-id={event.id}>
      <div className="event-card-cover">
        {tiles.length > 0 ? (
          <Mosaic eventId={event.id} apiBase={apiBase} tiles={tiles} candidates={candidates} eagerTiles={eagerTiles} />
        ) : (
          <EmptyCover date={event.date} />
        )}
      </div>
      <div className="event-card-body">
        <Heading className="event-card-title" id={titleId}>
          {event.name}
        </Heading>
        <p className="event-card-meta">
          <time dateTime={isoDay(event.date)}>{formatEventDate(event.date)}</time>
          {event.city ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{event.city}</span>
            </>
          ) : null}
        </p>
        <Link href={eventHref(event.slug, mode)} className="event-card-link" aria-describedby={titleId} prefetch={false}>
          <span className="event-card-link-text">
            <span className="event-card-link-title">{link.title}</span>
            <span className="event-card-link-subtitle">{link.subtitle}</span>
          </span>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
      </div>
    </article>
  );
}

/**
 * The cover of an event whose photos the list does not show (a private gallery, found by search
 * only, or no photos yet): a camera over the event's day, in the organiser's colour. Decorative:
 * the card's body says the date and the name.
 */
function EmptyCover({ date }: { date: string }) {
  const day = calendarDay(date);
  return (
    <div className="mosaic-empty" aria-hidden="true" data-testid="empty-cover">
      <svg className="mosaic-empty-icon" viewBox="0 0 24 24" width="40" height="40" focusable="false">
        <path
          d="M4 8h3l2-3h6l2 3h3v11H4z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {day ? (
        <span className="mosaic-empty-day">
          <span className="mosaic-empty-date">{day.day}</span>
          <span className="mosaic-empty-month">{day.month}</span>
        </span>
      ) : null}
    </div>
  );
}
