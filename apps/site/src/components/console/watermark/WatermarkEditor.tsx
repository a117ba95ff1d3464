'use client';

import {
  WATERMARK_FONT,
  WATERMARK_MARGIN,
  WATERMARK_POSITIONS,
  type WatermarkPosition,
} from '@eventsite/contract/constants';
import { useLayoutEffect, useRef, useState } from 'react';
import { CSRF_FIELD } from '@/lib/console-security';
import { useChangedBeforeLive } from '../changed-before-live';
import { draftOfForm, type WatermarkDraft, type WatermarkField } from './form';
import { WATERMARK_TEXT as T } from './strings';

interface Props {
  csrf: string;
  eventId: number;
  initial: WatermarkDraft;
  errors: Partial<Record<WatermarkField, string>>;
  /** The uploaded watermark image (absolute), or ''. */
  imageUrl: string;
  /** One of the event's photos without the mark (the console's preview), or null. */
  sample: { src: string; width: number; height: number } | null;
}

/** Where the mark sits in the preview: the API's gravity and margin (a share of the width). */
function placement(position: WatermarkPosition): React.CSSProperties {
  const m = `${WATERMARK_MARGIN * 100}cqw`;
  if (position === 'center') return { left: '50%', top: '50%', transform: 'translate(-50%, -50%)' };
  return {
    ...(position.startsWith('top') ? { top: m } : { bottom: m }),
    ...(position.endsWith('left') ? { left: m } : { right: m }),
  };
}

/** The text mark as the API draws it: white bold DejaVu Sans with a dark outline, fitted to its ink. */
function TextMark({ text }: { text: string }) {
  const ref = useRef<SVGTextElement>(null);
  const [box, setBox] = useState('0 0 100 20');
  useLayoutEffect(() => {
    const b = ref.current?.getBBox();
    if (b && b.width > 0) setBox(`${b.x} ${b.y} ${b.width} ${b.height}`);
  }, [text]);
  return (
    <svg viewBox={box} className="wm-text" aria-hidden="true">
      <text
        ref={ref}
        x="0"
        y="100"
        fontFamily={`${WATERMARK_FONT}, Verdana, sans-serif`}
        fontWeight="bold"
        fontSize="100"
        fill="#ffffff"
        stroke="rgba(0,0,0,0.55)"
        strokeWidth="7"
        strokeLinejoin="round"
        paintOrder="stroke"
      >
        {text}
      </text>
    </svg>
  );
}

function Preview({
  draft,
  imageUrl,
  sample,
}: {
  draft: WatermarkDraft;
  imageUrl: string;
  sample: Props['sample'];
}) {
  if (!sample) return <p className="console-hint">{T.previewNone}</p>;
  const showImage = draft.kind === 'image' && imageUrl;
  const showText = draft.kind === 'text' && draft.text.trim() !== '';
  return (
    <div
      className="wm-preview"
      data-testid="watermark-preview"
      style={{ aspectRatio: `${sample.width} / ${sample.height}` }}
    >
      <img src={sample.src} alt={T.previewPhoto} />
      {draft.enabled && (showImage || showText) ? (
        <div
          className="wm-mark"
          data-position={draft.position}
          style={{
            ...placement(draft.position),
            width: `${Math.min(draft.size, 94)}cqw`,
            opacity: Math.max(0.1, Math.min(1, draft.opacity / 100)),
          }}
        >
          {showImage ? <img src={imageUrl} alt="" /> : <TextMark text={draft.text.trim()} />}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The watermark's settings form and its live preview. The form is a plain HTML post to the
 * console's route handler (it works without JavaScript); with JavaScript the preview follows
 * every change, drawn over one of the event's photos as the API will draw it.
 */
export function WatermarkEditor({ csrf, eventId, initial, errors, imageUrl, sample }: Props) {
  const [draft, setDraft] = useState<WatermarkDraft>(initial);
  const set = <K extends keyof WatermarkDraft>(key: K, value: WatermarkDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  // What was changed while the page loaded drives the preview.
  const settings = useRef<HTMLFormElement>(null);
  useChangedBeforeLive(settings, (form) => setDraft(draftOfForm(new FormData(form))));
  const error = (field: WatermarkField) =>
    errors[field] ? (
      <p id={`wm-${field}-error`} className="events-field-error">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: WatermarkField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `wm-${field}-error` } : {};
  return (
    <div className="wm-editor">
      <form
        ref={settings}
        method="post"
        action={`/console/events/${eventId}/watermark/save`}
        className="wm-form"
      >
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <div className="events-check">
          <input
            id="wm-enabled"
            type="checkbox"
            name="enabled"
            checked={draft.enabled}
            onChange={(e) => set('enabled', e.target.checked)}
          />
          <label htmlFor="wm-enabled">{T.enabled}</label>
        </div>
        <fieldset className="wm-choices">
          <legend>{T.kind}</legend>
          {(['text', 'image'] as const).map((kind) => (
            <div key={kind} className="events-check">
              <input
                id={`wm-kind-${kind}`}
                type="radio"
                name="kind"
                value={kind}
                checked={draft.kind === kind}
                onChange={() => set('kind', kind)}
                {...invalid('kind')}
              />
              <label htmlFor={`wm-kind-${kind}`}>
                {kind === 'text' ? T.kindText : T.kindImage}
              </label>
            </div>
          ))}
          {draft.kind === 'image' && !imageUrl ? (
            <p className="console-hint">{T.kindImageMissing}</p>
          ) : null}
          {error('kind')}
        </fieldset>
        <div className="events-field">
          <label htmlFor="wm-text">{T.text}</label>
          <p id="wm-text-hint" className="console-hint">
            {T.textHint}
          </p>
          <input
            id="wm-text"
            name="text"
            type="text"
            maxLength={60}
            value={draft.text}
            onChange={(e) => set('text', e.target.value)}
            aria-describedby={errors.text ? 'wm-text-hint wm-text-error' : 'wm-text-hint'}
            aria-invalid={errors.text ? true : undefined}
          />
          {error('text')}
        </div>
        <fieldset className="wm-choices wm-positions">
          <legend>{T.position}</legend>
          {WATERMARK_POSITIONS.map((position) => (
            <div key={position} className="events-check">
              <input
                id={`wm-position-${position}`}
                type="radio"
                name="position"
                value={position}
                checked={draft.position === position}
                onChange={() => set('position', position)}
              />
              <label htmlFor={`wm-position-${position}`}>{T.positions[position]}</label>
            </div>
          ))}
        </fieldset>
        <div className="events-field">
          <label htmlFor="wm-opacity">
            {T.opacity}: <output htmlFor="wm-opacity">{draft.opacity} %</output>
          </label>
          <p id="wm-opacity-hint" className="console-hint">
            {T.opacityHint}
          </p>
          <input
            id="wm-opacity"
            name="opacity"
            type="range"
            min={10}
            max={100}
            step={5}
            value={draft.opacity}
            onChange={(e) => set('opacity', Number(e.target.value))}
            aria-describedby="wm-opacity-hint"
            {...invalid('opacity')}
          />
          {error('opacity')}
        </div>
        <div className="events-field">
          <label htmlFor="wm-size">
            {T.size}: <output htmlFor="wm-size">{draft.size} %</output>
          </label>
          <p id="wm-size-hint" className="console-hint">
            {T.sizeHint}
          </p>
          <input
            id="wm-size"
            name="size"
            type="range"
            min={5}
            max={80}
            step={1}
            value={draft.size}
            onChange={(e) => set('size', Number(e.target.value))}
            aria-describedby="wm-size-hint"
            {...invalid('size')}
          />
          {error('size')}
        </div>
        <div className="events-check">
          <input
            id="wm-on-downloads"
            type="checkbox"
            name="on_downloads"
            checked={draft.on_downloads}
            onChange={(e) => set('on_downloads', e.target.checked)}
            aria-describedby="wm-on-downloads-hint"
          />
          <label htmlFor="wm-on-downloads">{T.onDownloads}</label>
        </div>
        <p id="wm-on-downloads-hint" className="console-hint">
          {T.onDownloadsHint}
        </p>
        <button type="submit" className="button">
          {T.save}
        </button>
      </form>
      <section className="wm-preview-panel" aria-labelledby="wm-preview-title">
        <h3 id="wm-preview-title" className="events-subtitle">
          {T.preview}
        </h3>
        <p className="console-hint">{T.previewHint}</p>
        <Preview draft={draft} imageUrl={imageUrl} sample={sample} />
      </section>
    </div>
  );
}
