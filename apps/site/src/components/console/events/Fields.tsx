import type { ReactNode } from 'react';
import type { FieldErrors, FormValues } from './event-form';
import { EVENTS_TEXT } from './strings';

/** A field's error, said beside it (and named by the field's aria-describedby). */
export function FieldError({ name, errors }: { name: string; errors: FieldErrors }) {
  const message = errors[name];
  if (!message) return null;
  return (
    <p id={`${name}-error`} className="events-field-error">
      <span className="visually-hidden">{EVENTS_TEXT.fieldError} </span>
      {message}
    </p>
  );
}

const describedBy = (name: string, errors: FieldErrors, hint?: ReactNode) =>
  [hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ') ||
  undefined;

export function TextField({
  name,
  label,
  values,
  errors,
  type = 'text',
  hint,
  required = false,
  inputMode,
  maxLength,
}: {
  name: string;
  label: ReactNode;
  values: FormValues;
  errors: FieldErrors;
  type?: 'text' | 'date' | 'url';
  hint?: ReactNode;
  required?: boolean;
  inputMode?: 'numeric' | 'url';
  maxLength?: number;
}) {
  const value = values[name];
  return (
    <div className="events-field">
      <label htmlFor={name}>{label}</label>
      {hint ? (
        <p id={`${name}-hint`} className="console-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        type={type}
        defaultValue={typeof value === 'string' ? value : ''}
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name, errors, hint)}
      />
      <FieldError name={name} errors={errors} />
    </div>
  );
}

export function CheckField({
  name,
  label,
  hint,
  values,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  values: FormValues;
}) {
  return (
    <div className="events-check">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={values[name] === 'on'}
        aria-describedby={hint ? `${name}-hint` : undefined}
      />
      <label htmlFor={name}>{label}</label>
      {hint ? (
        <p id={`${name}-hint`} className="console-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The summary of a refused form: what to do, and a link to each field refused. */
export function ErrorSummary({ errors, title }: { errors: FieldErrors; title: string }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div className="console-error" role="alert">
      <p>{title}</p>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>{name === 'form' ? message : <a href={`#${name}`}>{message}</a>}</li>
        ))}
      </ul>
    </div>
  );
}
