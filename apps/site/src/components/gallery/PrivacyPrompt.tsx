import { GALLERY_TEXT, findHow } from './strings';

/** Privacy mode (show_all_images off): no grid until a search; this says why, and how. */
export function PrivacyPrompt({ bib, name, selfie = false, message, how }: { bib: boolean; name: boolean; selfie?: boolean; message?: string; how?: string }) {
  return (
    <div className="notice privacy-prompt" role="note">
      <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false" className="privacy-icon">
        <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M8 10V7a4 4 0 018 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      <h2>{GALLERY_TEXT.privateTitle}</h2>
      <p>{GALLERY_TEXT.privateText(how ?? findHow(bib, name, selfie))}</p>
      {message && message !== GALLERY_TEXT.privateTitle ? <p className="privacy-server">{message}</p> : null}
    </div>
  );
}
