import type { EventCardData } from '@/provider';
import { EventCard } from './EventCard';
import { EMPTY_LIST, type CardMode } from './strings';

/** The mosaic is 5 tiles wide: the first card's first row is what a phone shows first. */
const FIRST_ROW = 5;

export function EventGrid({
  events,
  mode,
  apiBase,
  headingLevel = 2,
  eagerTiles = FIRST_ROW,
}: {
  events: EventCardData[];
  mode: CardMode;
  apiBase: string;
  headingLevel?: 2 | 3;
  /** Tiles of the first card that load at once: its first row, or none below a hero. */
  eagerTiles?: number;
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
          <EventCard event={event} mode={mode} apiBase={apiBase} headingLevel={headingLevel} eagerTiles={i === 0 ? eagerTiles : 0} />
        </li>
      ))}
    </ul>
  );
}
