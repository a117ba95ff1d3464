import type { EventFrame, EventWatermark } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import type { WatermarkDraft, WatermarkField } from './form';
import { WATERMARK_TEXT as T } from './strings';
import { WatermarkEditor } from './WatermarkEditor';

interface Props {
  csrf: string;
  eventId: number;
  watermark: EventWatermark;
  draft: WatermarkDraft;
  errors: Partial<Record<WatermarkField, string>>;
  frames: readonly EventFrame[];
  notice: string | null;
  /** One of the event's photos without the mark (the console's preview), or null. */
  sample: { src: string; width: number; height: number } | null;
  /** The same photo as visitors get it now (published events), or null. */
  served: string | null;
}

/**
 * The "Watermark and frames" screen (docs/watermarks.md): the watermark's settings with a live
 * preview and the photo as visitors get it; the watermark image; the sponsor frames. Every change
 * is a plain form posting to the console's route handlers.
 */
export function WatermarkScreen({
  csrf,
  eventId,
  watermark,
  draft,
  errors,
  frames,
  notice,
  sample,
  served,
}: Props) {
  const base = `/console/events/${eventId}/watermark`;
  return (
    <div className="events-screen wm-screen">
      {notice ? (
        <p className="console-notice" role="status">
          {notice}
        </p>
      ) : null}
      {errors.form ? (
        <p className="console-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <p>{T.intro}</p>

      <section className="events-section" aria-labelledby="wm-mark-title">
        <h2 id="wm-mark-title" className="console-section-title">
          {T.markSection}
        </h2>
        <WatermarkEditor
          csrf={csrf}
          eventId={eventId}
          initial={draft}
          errors={errors}
          imageUrl={watermark.image_url}
          sample={sample}
        />
        {watermark.rerendering ? (
          <p className="console-hint" role="status">
            {T.rerendering}
          </p>
        ) : null}
        {sample ? (
          <figure className="wm-served">
            <figcaption className="events-subtitle">{T.served}</figcaption>
            {served ? (
              <img src={served} alt={T.servedPhoto} data-testid="watermark-served" />
            ) : (
              <p className="console-hint">{T.servedUnpublished}</p>
            )}
          </figure>
        ) : null}
      </section>

      <section className="events-section" aria-labelledby="wm-image-title">
        <h2 id="wm-image-title" className="console-section-title">
          {T.imageSection}
        </h2>
        {watermark.image_url ? (
          <figure className="wm-image-current">
            <img src={watermark.image_url} alt={T.imageCurrent} />
          </figure>
        ) : (
          <p>{T.imageNone}</p>
        )}
        <form
          method="post"
          action={`${base}/image`}
          encType="multipart/form-data"
          className="events-banner-form"
        >
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <label htmlFor="wm-image-file">{T.imageFile}</label>
          <p id="wm-image-hint" className="console-hint">
            {T.imageHint}
          </p>
          <input
            id="wm-image-file"
            type="file"
            name="image"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby="wm-image-hint"
          />
          <div className="events-banner-actions">
            <button type="submit" className="button" name="action" value="upload">
              {T.imageUpload}
            </button>
            {watermark.image_url ? (
              <button type="submit" className="button button-outline" name="action" value="remove">
                {T.imageRemove}
              </button>
            ) : null}
          </div>
        </form>
      </section>

      <section className="events-section" aria-labelledby="wm-frames-title">
        <h2 id="wm-frames-title" className="console-section-title">
          {T.framesSection}
        </h2>
        <p>{T.framesIntro}</p>
        {frames.length === 0 ? (
          <p>{T.framesNone}</p>
        ) : (
          <ul className="wm-frames">
            {frames.map((frame) => (
              <li key={frame.id} className="wm-frame">
                <img src={frame.url} alt="" width={96} height={96} />
                <span className="wm-frame-name">{frame.name}</span>
                <span className="console-hint">{T.frameSize(frame.width, frame.height)}</span>
                <form method="post" action={`${base}/frames`}>
                  <input type="hidden" name={CSRF_FIELD} value={csrf} />
                  <input type="hidden" name="frame_id" value={frame.id} />
                  <button
                    type="submit"
                    className="button button-outline"
                    name="action"
                    value="remove"
                    aria-label={T.frameRemove(frame.name)}
                  >
                    {T.frameRemoveShort}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
        <form
          method="post"
          action={`${base}/frames`}
          encType="multipart/form-data"
          className="events-banner-form"
        >
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <div className="events-field">
            <label htmlFor="wm-frame-name">{T.frameName}</label>
            <input id="wm-frame-name" name="name" type="text" maxLength={60} />
          </div>
          <label htmlFor="wm-frame-file">{T.frameFile}</label>
          <p id="wm-frame-hint" className="console-hint">
            {T.frameHint}
          </p>
          <input
            id="wm-frame-file"
            type="file"
            name="frame"
            accept="image/png"
            aria-describedby="wm-frame-hint"
          />
          <div className="events-banner-actions">
            <button type="submit" className="button" name="action" value="add">
              {T.frameAdd}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
