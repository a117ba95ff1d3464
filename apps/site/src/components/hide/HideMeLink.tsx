import Link from 'next/link';
import { HIDE_TEXT } from './strings';
import './hide-me.css';

/** The quiet way to "Hide me everywhere", under an event's photos (events with selfie search only). */
export function HideMeLink({ eventSlug }: { eventSlug: string }) {
  return (
    <p className="hide-me-link">
      <Link
        href={`/events/${encodeURIComponent(eventSlug)}/hide-me`}
        className="text-link"
        prefetch={false}
      >
        {HIDE_TEXT.link}
      </Link>
    </p>
  );
}
