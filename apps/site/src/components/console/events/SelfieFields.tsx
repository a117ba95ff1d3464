import { type AdminEvent, INDEXED_FACES } from '@eventsite/contract';
import type { ReactNode } from 'react';
import { consoleDay } from './FaceData';
import { TextField } from './Fields';
import type { FieldErrors, FormValues } from './event-form';
import { FACE_DATA_TEXT } from './face-data-strings';
import { EVENTS_TEXT } from './strings';

interface Props {
  event: AdminEvent;
  values: FormValues;
  errors: FieldErrors;
  /** What face data the event holds, with its erase (FaceData); else the day it is deleted. */
  faceData?: ReactNode;
}

/**
 * The selfie search part of the settings form: how alike a match must be, whose faces are
 * stored, how long, and what is held now.
 */
export function SelfieFields({ event, values, errors, faceData }: Props) {
  const indexed = typeof values.indexed_faces === 'string' ? values.indexed_faces : 'everyone';
  return (
    <fieldset className="events-section">
      <legend className="console-section-title">{EVENTS_TEXT.selfie}</legend>
      {event.selfie_search_available === false ? (
        <p className="console-notice" role="note">
          {EVENTS_TEXT.facesOffOnPlatform}
        </p>
      ) : null}
      <TextField
        name="selfie_threshold"
        label={EVENTS_TEXT.selfieThreshold}
        hint={EVENTS_TEXT.selfieThresholdHint}
        inputMode="numeric"
        values={values}
        errors={errors}
      />
      <fieldset className="events-group" aria-describedby="indexed_faces-hint">
        <legend id="indexed_faces">{FACE_DATA_TEXT.indexed}</legend>
        {INDEXED_FACES.map((choice) => (
          <div className="events-check" key={choice}>
            <input
              id={`indexed_faces_${choice}`}
              name="indexed_faces"
              type="radio"
              value={choice}
              defaultChecked={indexed === choice}
              aria-describedby={`indexed_faces_${choice}-hint`}
            />
            <label htmlFor={`indexed_faces_${choice}`}>
              {FACE_DATA_TEXT.indexedChoices[choice].label}
            </label>
            <p id={`indexed_faces_${choice}-hint`} className="console-hint">
              {FACE_DATA_TEXT.indexedChoices[choice].hint}
            </p>
          </div>
        ))}
        <p id="indexed_faces-hint" className="console-hint">
          {FACE_DATA_TEXT.indexedChangeHint}
        </p>
      </fieldset>
      <TextField
        name="face_retention_days"
        label={EVENTS_TEXT.faceRetention}
        hint={EVENTS_TEXT.faceRetentionHint}
        inputMode="numeric"
        values={values}
        errors={errors}
      />
      {faceData ??
        (event.face_data_expires_at ? (
          <p className="console-hint" data-testid="face-data-deleted-on">
            {EVENTS_TEXT.faceDataDeletedOn(consoleDay(event.face_data_expires_at))}
          </p>
        ) : null)}
    </fieldset>
  );
}
