import type { ReactNode } from 'react';

export function ErrorState({
  title,
  text,
  children,
  heading = 'h2',
}: {
  title: string;
  text?: string;
  children?: ReactNode;
  heading?: 'h1' | 'h2';
}) {
  const Heading = heading;
  return (
    <div className="state state-error" role="alert">
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false" className="state-icon">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <Heading className="state-title">{title}</Heading>
      {text ? <p className="state-text">{text}</p> : null}
      {children}
    </div>
  );
}

export function LoadingText({ text }: { text: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
