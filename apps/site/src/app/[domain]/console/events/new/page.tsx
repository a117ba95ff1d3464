import type { Metadata } from 'next';
import { ConsoleFrame } from '@/components/console/ConsoleFrame';
import { EventCreate } from '@/components/console/events/EventCreate';
import type { FieldErrors, FormValues } from '@/components/console/events/event-form';
import { consoleStash } from '@/components/console/events/stash';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import '@/components/console/console.css';
import '@/components/console/events/events.css';
import { siteOrigin } from '@/lib/seo';
import { consoleSessionOrSignIn } from '../../session';
import { one } from '../screen';

export const metadata: Metadata = {
  title: EVENTS_TEXT.newTitle,
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ domain: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A new event: name, date and city (the rest on its settings, next). */
export default async function NewEventPage({ params, searchParams }: Props) {
  const [{ domain }, query] = await Promise.all([params, searchParams]);
  const session = await consoleSessionOrSignIn();
  const draft = consoleStash().get<{ values: FormValues; errors: FieldErrors }>(
    session.token,
    'event-draft',
    one(query.draft),
  );
  return (
    <div className="container page console">
      <ConsoleFrame
        who={session.who}
        csrf={session.csrf}
        current="events"
        title={EVENTS_TEXT.newTitle}
      >
        <EventCreate
          csrf={session.csrf}
          origin={siteOrigin(domain)}
          values={draft?.values ?? {}}
          errors={draft?.errors ?? {}}
        />
      </ConsoleFrame>
    </div>
  );
}
