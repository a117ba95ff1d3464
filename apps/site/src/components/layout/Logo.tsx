/** The organiser's logo, or the default mark with the name when there is none. */
export function Logo({ name, logo }: { name: string; logo: string | null }) {
  if (logo) {
    return <img src={logo} alt={name} className="logo-image" height={40} />;
  }
  return (
    <span className="logo-default">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className="logo-mark">
        <rect x="2" y="6" width="28" height="21" rx="5" fill="currentColor" opacity="0.18" />
        <path d="M11 6.5 13 3h6l2 3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <rect x="2" y="6" width="28" height="21" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="16" cy="16.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="logo-name">{name}</span>
    </span>
  );
}
