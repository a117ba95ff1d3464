import type { EventCardData } from '@/provider';
import { EventCard } from './EventCard';
import { EMPTY_LIST, type CardMode } from './strings';

export function EventGrid({
  events,
  mode,
  apiBase,
  headingLevel = 2,
}: {
  events: EventCardData[];
  mode: CardMode;
  apiBase: string;
  headingLevel?: 2 | 3;
}) {
  if (events.length === 0) {
    return (
      <div className="empty-state">
        <h2>{EMPTY_LIST.title}</h2>
        <p>{EMPTY_LIST.text}</p>
      </div>
    );
  }
  return (
    <ul className="event-grid">
      {events.map((event, i) => (
        <li key={event.id}>
          <EventCard event={event} mode={mode} apiBase={apiBase} headingLevel={headingLevel} eager={i < 3} />
        </li>
      ))}
    </ul>
  );
}
