import Link from 'next/link';
import { formatEventDate, isoDay } from '@/lib/date';
import type { EventPage } from '@/provider';
import type { ReactNode } from 'react';

/** The event's banner, name, date, place and count, server-rendered above the gallery or editor. */
export function EventHeader({ event, showCount, actions, kicker }: { event: EventPage; showCount: boolean; actions?: ReactNode; kicker?: string }) {
  const { details } = event;
  return (
    <header className="event-header">
      {event.bannerUrl ? <img className="event-banner" src={event.bannerUrl} alt="" /> : null}
      <div className="event-header-row">
        <div>
          {kicker ? <p className="event-kicker">{kicker}</p> : null}
          <h1 className="page-title">{details.name || 'Event Photos'}</h1>
          <p className="event-meta">
            <time dateTime={isoDay(details.event_date)}>{formatEventDate(details.event_date)}</time>
            {details.city ? <span>{` · ${details.city}`}</span> : null}
            {showCount ? <span>{` · ${details.total_images.toLocaleString('en-US')} ${details.total_images === 1 ? 'photo' : 'photos'}`}</span> : null}
          </p>
        </div>
        <div className="event-header-actions">
          {event.clientLogo || event.clientName ? (
            <p className="co-brand">
              <span className="co-brand-text">{`In partnership with ${event.clientName ?? ''}`.trim()}</span>
              {event.clientLogo ? (
                <img className="client-logo" src={event.clientLogo} alt={event.clientName ? '' : 'Event partner'} height={40} />
              ) : null}
            </p>
          ) : null}
          {actions}
        </div>
      </div>
    </header>
  );
}

export function BackToEvents() {
  return (
    <Link href="/events" className="text-link back-link">
      <span aria-hidden="true">←</span> All Events
    </Link>
  );
}
