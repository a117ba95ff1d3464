import { type AdminEvent, BIB_STRATEGIES, type EventAccessLevel } from '@eventsite/contract';
import type { ReactNode } from 'react';
import { CSRF_FIELD } from '@/lib/console-security';
import { FaceEraseForm } from './FaceData';
import { CheckField, ErrorSummary, FieldError, TextField } from './Fields';
import { SelfieFields } from './SelfieFields';
import { FLAG_KEYS, type FieldErrors, flagField, type FormValues, PLACEMENTS } from './event-form';
import { EVENTS_TEXT, FLAG_TEXT } from './strings';

interface Props {
  event: AdminEvent;
  csrf: string;
  /** The event's public gallery address. */
  publicUrl: string;
  /** The form's values: as stored, or as typed when the last save was refused. */
  values: FormValues;
  errors: FieldErrors;
  notice: string | null;
  /** The banner visitors see (absolute), or null when the event shows none. */
  bannerSrc: string | null;
  /** Shown after Publishing: who may see the gallery (EventAccess, its own form). */
  access?: ReactNode;
  /** The event's access level, when known: what "published" means for it. */
  accessLevel?: EventAccessLevel | null;
  /** What face data the event holds, with its erase (FaceData), in the selfie settings. */
  faceData?: ReactNode;
}

const PUBLISHED_TEXT: Record<EventAccessLevel, string> = {
  public: EVENTS_TEXT.isPublished,
  unlisted: EVENTS_TEXT.isPublishedUnlisted,
  password: EVENTS_TEXT.isPublishedPassword,
};

/**
 * An event's settings: its public address, publishing, every setting, the face data it holds,
 * and the way to delete it.
 */
export function EventSettings({
  event,
  csrf,
  publicUrl,
  values,
  errors,
  notice,
  bannerSrc,
  access,
  accessLevel = null,
  faceData,
}: Props) {
  const action = `/console/events/${event.id}`;
  const strategies = Array.isArray(values.bib_strategy)
    ? values.bib_strategy
    : values.bib_strategy
      ? [values.bib_strategy]
      : [];
  return (
    <div className="events-screen">
      {notice ? (
        <p className="console-notice" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorSummary errors={errors} title={EVENTS_TEXT.refused} />

      <section className="events-section" aria-labelledby="events-publishing">
        <h2 id="events-publishing" className="console-section-title">
          {EVENTS_TEXT.publishing}
        </h2>
        <p>
          <span className={event.published ? 'console-state console-state-on' : 'console-state'}>
            {event.published ? PUBLISHED_TEXT[accessLevel ?? 'public'] : EVENTS_TEXT.isDraft}
          </span>
        </p>
        <p className="events-url">
          {event.published ? (
            <>
              {EVENTS_TEXT.publicUrl}:{' '}
              <a className="text-link" href={publicUrl}>
                {publicUrl}
              </a>
            </>
          ) : (
            <>
              {EVENTS_TEXT.notPublicYet} <span className="console-url-text">{publicUrl}</span>
            </>
          )}
        </p>
        <form method="post" action={`${action}/publish`}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="published" value={event.published ? '0' : '1'} />
          <button type="submit" className={event.published ? 'button button-outline' : 'button'}>
            {event.published ? EVENTS_TEXT.unpublish : EVENTS_TEXT.publish}
          </button>
        </form>
      </section>
      {access}

      <form method="post" action={`${action}/save`} className="events-form" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <fieldset className="events-section">
          <legend className="console-section-title">{EVENTS_TEXT.details}</legend>
          <TextField
            name="name"
            label={EVENTS_TEXT.name}
            values={values}
            errors={errors}
            required
            maxLength={160}
            hint={EVENTS_TEXT.renameHint}
          />
          <TextField
            name="event_date"
            label={EVENTS_TEXT.date}
            type="date"
            values={values}
            errors={errors}
            required
          />
          <TextField name="city" label={EVENTS_TEXT.city} values={values} errors={errors} />
          <TextField
            name="client_name"
            label={EVENTS_TEXT.clientName}
            hint={EVENTS_TEXT.clientNameHint}
            values={values}
            errors={errors}
          />
          <TextField
            name="client_logo"
            label={EVENTS_TEXT.clientLogo}
            type="url"
            inputMode="url"
            values={values}
            errors={errors}
          />
        </fieldset>

        <fieldset className="events-section" aria-describedby="events-features-hint">
          <legend className="console-section-title">{EVENTS_TEXT.features}</legend>
          <p id="events-features-hint" className="console-hint">
            {EVENTS_TEXT.featuresHint}
          </p>
          <div className="events-flags">
            {FLAG_KEYS.map((flag) => (
              <CheckField
                key={flag}
                name={flagField(flag)}
                label={FLAG_TEXT[flag].label}
                hint={FLAG_TEXT[flag].hint}
                values={values}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="events-section">
          <legend className="console-section-title">{EVENTS_TEXT.bibs}</legend>
          <fieldset
            className="events-group"
            aria-describedby={errors.bib_strategy ? 'bib_strategy-error' : undefined}
          >
            <legend id="bib_strategy">{EVENTS_TEXT.bibStrategies}</legend>
            {BIB_STRATEGIES.map((s) => (
              <div className="events-check" key={s}>
                <input
                  id={`bib_strategy_${s}`}
                  name="bib_strategy"
                  type="checkbox"
                  value={s}
                  defaultChecked={strategies.includes(s)}
                />
                <label htmlFor={`bib_strategy_${s}`}>{EVENTS_TEXT.strategy[s]}</label>
              </div>
            ))}
            <FieldError name="bib_strategy" errors={errors} />
          </fieldset>
          <TextField
            name="bib_threshold"
            label={EVENTS_TEXT.bibThreshold}
            hint={EVENTS_TEXT.bibThresholdHint}
            inputMode="numeric"
            values={values}
            errors={errors}
          />
          <TextField
            name="bib_placeholder"
            label={EVENTS_TEXT.bibPlaceholder}
            values={values}
            errors={errors}
          />
          <fieldset className="events-subsection" aria-describedby="events-bib-format-hint">
            <legend>{EVENTS_TEXT.bibFormat}</legend>
            <p id="events-bib-format-hint" className="console-hint">
              {EVENTS_TEXT.bibFormatHint}
            </p>
            <TextField
              name="bib_from"
              label={EVENTS_TEXT.bibFrom}
              inputMode="numeric"
              values={values}
              errors={errors}
            />
            <TextField
              name="bib_to"
              label={EVENTS_TEXT.bibTo}
              inputMode="numeric"
              values={values}
              errors={errors}
            />
            <div className="events-field">
              <label htmlFor="bib_letters">{EVENTS_TEXT.bibLetters}</label>
              <select
                id="bib_letters"
                name="bib_letters"
                defaultValue={typeof values.bib_letters === 'string' ? values.bib_letters : 'any'}
              >
                {(['any', 'none', 'prefix', 'suffix'] as const).map((l) => (
                  <option key={l} value={l}>
                    {EVENTS_TEXT.letters[l]}
                  </option>
                ))}
              </select>
              <FieldError name="bib_letters" errors={errors} />
            </div>
            <TextField
              name="bib_ignore"
              label={EVENTS_TEXT.bibIgnore}
              hint={EVENTS_TEXT.bibIgnoreHint}
              values={values}
              errors={errors}
            />
          </fieldset>
        </fieldset>

        <fieldset className="events-section" aria-describedby="events-cta-hint">
          <legend className="console-section-title">{EVENTS_TEXT.cta}</legend>
          <p id="events-cta-hint" className="console-hint">
            {EVENTS_TEXT.ctaHint}
          </p>
          <TextField name="cta_text" label={EVENTS_TEXT.ctaText} values={values} errors={errors} />
          <TextField
            name="cta_url"
            label={EVENTS_TEXT.ctaUrl}
            type="url"
            inputMode="url"
            values={values}
            errors={errors}
          />
          <div className="events-field">
            <label htmlFor="cta_placement">{EVENTS_TEXT.ctaPlacement}</label>
            <select
              id="cta_placement"
              name="cta_placement"
              defaultValue={typeof values.cta_placement === 'string' ? values.cta_placement : 'top'}
            >
              {PLACEMENTS.map((p) => (
                <option key={p} value={p}>
                  {EVENTS_TEXT.placement[p]}
                </option>
              ))}
            </select>
            <FieldError name="cta_placement" errors={errors} />
          </div>
          <CheckField name="cta_pass_search" label={EVENTS_TEXT.ctaPassSearch} values={values} />
        </fieldset>

        <fieldset className="events-section">
          <legend className="console-section-title">{EVENTS_TEXT.banner}</legend>
          <CheckField name="banner_enabled" label={EVENTS_TEXT.bannerEnabled} values={values} />
          <TextField
            name="banner_image_url"
            label={EVENTS_TEXT.bannerUrl}
            hint={EVENTS_TEXT.bannerUrlHint}
            type="url"
            inputMode="url"
            values={values}
            errors={errors}
          />
        </fieldset>

        <SelfieFields event={event} values={values} errors={errors} faceData={faceData} />

        <fieldset className="events-section">
          <legend className="console-section-title">{EVENTS_TEXT.video}</legend>
          <TextField
            name="video_min"
            label={EVENTS_TEXT.videoMin}
            inputMode="numeric"
            values={values}
            errors={errors}
          />
          <TextField
            name="video_max"
            label={EVENTS_TEXT.videoMax}
            inputMode="numeric"
            values={values}
            errors={errors}
          />
          <CheckField name="video_template" label={EVENTS_TEXT.videoTemplate} values={values} />
        </fieldset>

        <button type="submit" className="button">
          {EVENTS_TEXT.save}
        </button>
      </form>
      {faceData ? <FaceEraseForm eventId={event.id} csrf={csrf} /> : null}

      <section className="events-section" aria-labelledby="events-banner-upload">
        <h2 id="events-banner-upload" className="console-section-title">
          {EVENTS_TEXT.bannerUpload}
        </h2>
        {bannerSrc ? (
          <figure className="events-banner-current">
            <img src={bannerSrc} alt={EVENTS_TEXT.bannerCurrent} />
          </figure>
        ) : (
          <p>{EVENTS_TEXT.bannerNone}</p>
        )}
        <form
          method="post"
          action={`${action}/banner`}
          encType="multipart/form-data"
          className="events-banner-form"
        >
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <label htmlFor="events-banner-file">{EVENTS_TEXT.bannerFile}</label>
          <p id="events-banner-hint" className="console-hint">
            {EVENTS_TEXT.bannerUploadHint}
          </p>
          <input
            id="events-banner-file"
            type="file"
            name="banner"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby="events-banner-hint"
          />
          <div className="events-banner-actions">
            <button type="submit" className="button">
              {EVENTS_TEXT.bannerUploadButton}
            </button>
            {bannerSrc ? (
              <button type="submit" name="action" value="remove" className="button button-outline">
                {EVENTS_TEXT.bannerRemove}
              </button>
            ) : null}
          </div>
        </form>
      </section>

      <section className="events-section events-danger" aria-labelledby="events-danger">
        <h2 id="events-danger" className="console-section-title">
          {EVENTS_TEXT.danger}
        </h2>
        <p>{EVENTS_TEXT.deleteWhat(event.total_images)}</p>
        <p>
          <a className="button button-outline" href={`${action}/delete`}>
            {EVENTS_TEXT.deleteLink}
          </a>
        </p>
      </section>
    </div>
  );
}
