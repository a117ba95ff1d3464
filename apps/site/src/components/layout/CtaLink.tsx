import type { CallToAction } from '@/lib/header';

/** The organiser's call-to-action: always a new tab, never passing this page on. */
export function CtaLink({ cta, className = '' }: { cta: CallToAction; className?: string }) {
  return (
    <a
      href={cta.href}
      target="_blank"
      rel="noopener noreferrer"
      className={`button button-cta ${className}`.trim()}
      data-position={cta.position}
    >
      {cta.text}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
