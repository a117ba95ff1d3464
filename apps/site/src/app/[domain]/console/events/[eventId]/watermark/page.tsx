import type { Metadata } from 'next';
import { ConsoleFrame, EventNav } from '@/components/console/ConsoleFrame';
import { decodeDraft, draftOf, type WatermarkField } from '@/components/console/watermark/form';
import { WATERMARK_TEXT as T } from '@/components/console/watermark/strings';
import { WatermarkScreen } from '@/components/console/watermark/WatermarkScreen';
import '@/components/console/console.css';
import '@/components/console/events/events.css';
import '@/components/console/watermark/watermark.css';
import { consolePhotoPage } from '@/provider/console-photos';
import { consoleFrames, consoleWatermark } from '@/provider/console-watermark';
import { publicApiUrl } from '@/provider/env';
import { photoUrl } from '@/provider/photo-urls';
import { eventScreen, one } from '../../screen';

export const metadata: Metadata = {
  title: T.pageTitle,
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ domain: string; eventId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const FIELDS = ['enabled', 'kind', 'text', 'position', 'opacity', 'size', 'on_downloads'];

/** An event's watermark and sponsor frames (owner and editor): docs/watermarks.md. */
export default async function WatermarkPage({ params, searchParams }: Props) {
  const [{ eventId: idParam }, query] = await Promise.all([params, searchParams]);
  const { session, eventId, event, error } = await eventScreen(idParam);
  const [mark, frames, photos] = event
    ? await Promise.all([
        consoleWatermark(session.token, eventId),
        consoleFrames(session.token, eventId),
        consolePhotoPage(session.token, eventId, 1, 1),
      ])
    : [null, null, null];
  const first = photos?.ok ? photos.data.photos.find((p) => !p.hidden) : undefined;
  const field = one(query.field);
  const message = one(query.error)?.slice(0, 300);
  const errors: Partial<Record<WatermarkField, string>> = message
    ? { [field && FIELDS.includes(field) ? field : 'form']: message }
    : {};
  const title = event ? T.title(event.name) : T.pageTitle;
  return (
    <div className="container page console">
      <ConsoleFrame who={session.who} csrf={session.csrf} current="events" title={title}>
        <EventNav
          who={session.who}
          eventId={eventId}
          eventName={event?.name ?? String(eventId)}
          current="watermark"
        />
        {event && mark?.ok ? (
          <WatermarkScreen
            csrf={session.csrf}
            eventId={eventId}
            watermark={mark.data}
            draft={decodeDraft(one(query.draft)) ?? draftOf(mark.data)}
            errors={errors}
            frames={frames?.ok ? frames.data.frames : []}
            notice={T.notices[one(query.notice) ?? ''] ?? null}
            sample={
              first
                ? {
                    src: `/console/photos/${first.uuid}/preview`,
                    width: first.width,
                    height: first.height,
                  }
                : null
            }
            served={
              first && event.published
                ? `${photoUrl(publicApiUrl(), first.uuid, 960)}&v=${mark.data.version}`
                : null
            }
          />
        ) : (
          <p className="console-error" role="alert">
            {error ??
              (mark && !mark.ok && mark.status !== null && mark.status < 500
                ? mark.message
                : T.unavailable)}
          </p>
        )}
      </ConsoleFrame>
    </div>
  );
}
