import type { Metadata } from 'next';
import type { AdminEvent } from '@eventsite/contract';
import { ConsoleFrame, EventNav } from '@/components/console/ConsoleFrame';
import { EventSettings } from '@/components/console/events/EventSettings';
import { EventAccess } from '@/components/console/events/EventAccess';
import { FaceData } from '@/components/console/events/FaceData';
import { FACE_DATA_TEXT } from '@/components/console/events/face-data-strings';
import { ACCESS_NOTICES } from '@/components/console/events/access-strings';
import { consoleEventAccess } from '@/provider/console-access';
import { consoleFaceData } from '@/provider/console-faces';
import {
  type FieldErrors,
  type FormValues,
  valuesOfEvent,
} from '@/components/console/events/event-form';
import { consoleStash } from '@/components/console/events/stash';
import { EVENTS_TEXT } from '@/components/console/events/strings';
import '@/components/console/console.css';
import '@/components/console/events/events.css';
import { publicApiUrl } from '@/provider/env';
import { eventScreen, one, publicUrlOf } from '../screen';

export const metadata: Metadata = {
  title: 'Event settings',
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ domain: string; eventId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const NOTICES: Record<string, string> = {
  ...ACCESS_NOTICES,
  created: EVENTS_TEXT.created,
  saved: EVENTS_TEXT.saved,
  published: EVENTS_TEXT.published,
  unpublished: EVENTS_TEXT.unpublished,
  banner: EVENTS_TEXT.bannerUploaded,
  'banner-removed': EVENTS_TEXT.bannerRemoved,
};

/** The event's banner as visitors see it (an uploaded one is a path of the API), or null. */
function bannerSrcOf(event: AdminEvent): string | null {
  const banner = event.event_photos_config.banner_config;
  if (!banner.enabled || !banner.image_url) return null;
  return banner.image_url.startsWith('/')
    ? `${publicApiUrl()}${banner.image_url}`
    : banner.image_url;
}

/** An event's settings (owner and editor): details, publishing, features, deletion. */
export default async function EventSettingsPage({ params, searchParams }: Props) {
  const [{ domain, eventId: idParam }, query] = await Promise.all([params, searchParams]);
  const { session, eventId, event, error } = await eventScreen(idParam);
  const [access, faces] = event
    ? await Promise.all([
        consoleEventAccess(session.token, eventId),
        consoleFaceData(session.token, eventId),
      ])
    : [null, null];
  const draft = consoleStash().get<{ values: FormValues; errors: FieldErrors }>(
    session.token,
    'event-draft',
    one(query.draft),
  );
  const publicUrl = event ? publicUrlOf(domain, event.slug) : '';
  const noticeKey = one(query.notice) ?? '';
  const notice =
    noticeKey === 'renamed'
      ? EVENTS_TEXT.renamed(publicUrl)
      : noticeKey === 'faces-erased'
        ? FACE_DATA_TEXT.erased(Number(one(query.erased) ?? 0) || 0)
        : (NOTICES[noticeKey] ?? null);
  const apiError = one(query.error);
  const title = event ? EVENTS_TEXT.settingsTitle(event.name) : 'Event settings';
  return (
    <div className="container page console">
      <ConsoleFrame who={session.who} csrf={session.csrf} current="events" title={title}>
        <EventNav
          who={session.who}
          eventId={eventId}
          eventName={event?.name ?? String(eventId)}
          current="settings"
        />
        {event ? (
          <EventSettings
            event={event}
            csrf={session.csrf}
            publicUrl={publicUrl}
            values={draft?.values ?? valuesOfEvent(event)}
            errors={draft?.errors ?? (apiError ? { form: apiError.slice(0, 300) } : {})}
            notice={notice}
            bannerSrc={bannerSrcOf(event)}
            accessLevel={access?.ok ? access.data.access : null}
            faceData={<FaceData record={faces?.ok ? faces.data : null} />}
            access={
              <EventAccess
                eventId={eventId}
                csrf={session.csrf}
                access={access?.ok ? access.data : null}
                error={one(query.access_error)?.slice(0, 300) ?? null}
                link={access?.ok && access.data.access === 'unlisted' ? publicUrl : null}
              />
            }
          />
        ) : (
          <p className="console-error" role="alert">
            {error}
          </p>
        )}
      </ConsoleFrame>
    </div>
  );
}
