'use client';

import { MAX_LOGO_BYTES } from '@eventsite/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { CSRF_FIELD } from '@/lib/console-security';
import { useChangedBeforeLive } from '../changed-before-live';
import { BrandingPreview } from './BrandingPreview';
import {
  type BrandingDraft,
  type BrandingField,
  contrastOf,
  draftFromForm,
  encodeDraft,
  MAX_SOCIAL_LINKS,
  PLATFORM_CHOICES,
  ratioText,
  SPARE_SOCIAL_ROWS,
  type SocialDraft,
} from './form';
import { BRANDING_TEXT as T } from './strings';

const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

interface Props {
  csrf: string;
  initial: BrandingDraft;
  errors: Partial<Record<BrandingField, string>>;
  name: string;
  /** The stored logo's absolute URL, or ''. */
  logo: string;
  providerUrl: string;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="branding-field-error">
      {message}
    </p>
  ) : null;
}

/**
 * The Branding screen's forms and live preview. Both forms are plain HTML posts to the console's
 * route handlers (they work without JavaScript; the fields render with their values); with
 * JavaScript the preview follows every keystroke, and a chosen logo shows before it is uploaded.
 */
export function BrandingEditor({ csrf, initial, errors, name, logo, providerUrl }: Props) {
  const [draft, setDraft] = useState<BrandingDraft>(initial);
  const [localLogo, setLocalLogo] = useState<string | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const rows: SocialDraft[] = [
    ...draft.social,
    ...Array.from({ length: SPARE_SOCIAL_ROWS }, () => ({
      platform: 'website',
      url: '',
      label: '',
    })),
  ].slice(0, MAX_SOCIAL_LINKS);
  const contrast = contrastOf(draft.themeColor);
  const set = <K extends keyof BrandingDraft>(key: K, value: BrandingDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setSocial = (index: number, key: keyof SocialDraft, value: string) =>
    setDraft((d) => {
      const social = [...d.social];
      while (social.length <= index) social.push({ platform: 'website', url: '', label: '' });
      social[index] = { ...social[index]!, [key]: value };
      return { ...d, social };
    });
  useEffect(() => () => (localLogo ? URL.revokeObjectURL(localLogo) : undefined), [localLogo]);
  // What was typed while the page loaded drives the preview (and is what gets saved).
  const settings = useRef<HTMLFormElement>(null);
  useChangedBeforeLive(settings, (form) => setDraft(draftFromForm(new FormData(form))));

  const described = (field: BrandingField, hint?: string) =>
    [errors[field] ? `error-${field}` : null, hint ?? null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="branding-layout">
      <div className="branding-forms">
        <form
          method="post"
          action="/console/branding/logo"
          encType="multipart/form-data"
          onSubmit={(event) => {
            // A file the API would refuse is not sent: the message next to it says why.
            if (logoProblem) {
              event.preventDefault();
              document.getElementById('branding-logo-file')?.focus();
            }
          }}
          className="branding-card"
          aria-labelledby="branding-logo-legend"
        >
          <h2 id="branding-logo-legend" className="console-section-title">
            {T.logo.legend}
          </h2>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          {/* The settings typed but not saved come back after the upload. */}
          <input type="hidden" name="draft" value={encodeDraft(draft) ?? ''} />
          {logo ? (
            <p className="branding-current-logo">
              <img src={logo} alt={T.logo.current} />
            </p>
          ) : (
            <p className="console-hint">{T.logo.none}</p>
          )}
          <label htmlFor="branding-logo-file">{T.logo.file}</label>
          <input
            id="branding-logo-file"
            name="logo"
            type="file"
            accept={LOGO_ACCEPT}
            required
            aria-describedby="branding-logo-hint branding-logo-problem"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setLocalLogo(null);
              setLogoProblem(null);
              if (!file) return;
              if (file.size > MAX_LOGO_BYTES)
                return setLogoProblem(T.logo.tooLarge((file.size / 1024 / 1024).toFixed(1)));
              if (!LOGO_ACCEPT.split(',').includes(file.type))
                return setLogoProblem(T.logo.wrongType);
              setLocalLogo(URL.createObjectURL(file));
            }}
          />
          <p id="branding-logo-hint" className="console-hint">
            {localLogo ? T.logo.previewing : T.logo.hint}
          </p>
          <p id="branding-logo-problem" className="branding-field-error" role="status">
            {logoProblem ?? ''}
          </p>
          <div className="branding-actions">
            <button type="submit" className="button" name="action" value="upload">
              {T.logo.upload}
            </button>
            {logo ? (
              <button
                type="submit"
                className="button button-outline"
                name="action"
                value="remove"
                formNoValidate
              >
                {T.logo.remove}
              </button>
            ) : null}
          </div>
        </form>

        <form
          ref={settings}
          method="post"
          action="/console/branding/save"
          className="branding-card branding-form"
          noValidate
        >
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <fieldset>
            <legend className="console-section-title">{T.colour.legend}</legend>
            <label htmlFor="branding-theme">{T.colour.label}</label>
            <div className="branding-colour">
              <input
                id="branding-theme"
                name="themeColor"
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={16}
                value={draft.themeColor}
                aria-invalid={errors.themeColor ? true : undefined}
                aria-describedby={described('themeColor', 'branding-contrast')}
                onChange={(e) => set('themeColor', e.currentTarget.value)}
              />
              <input
                type="color"
                aria-label={T.colour.picker}
                value={contrast ? expand(draft.themeColor) : '#000000'}
                onChange={(e) => set('themeColor', e.currentTarget.value.toUpperCase())}
              />
            </div>
            <FieldError id="error-themeColor" message={errors.themeColor} />
            <p
              id="branding-contrast"
              className={contrast?.whiteFails ? 'branding-warning' : 'console-hint'}
              role="status"
              data-testid="contrast"
            >
              {!contrast
                ? T.colour.invalid
                : contrast.whiteFails
                  ? T.colour.contrastWarning(
                      ratioText(contrast.white),
                      contrast.text === '#000000' ? 'black' : 'white',
                      ratioText(contrast.textRatio),
                    )
                  : T.colour.contrastOk(ratioText(contrast.white), 'White')}
            </p>
          </fieldset>

          <fieldset>
            <legend className="console-section-title">{T.header.legend}</legend>
            <fieldset className="branding-radios">
              <legend>{T.header.design}</legend>
              {(['default', 'fill'] as const).map((design) => (
                <label key={design}>
                  <input
                    type="radio"
                    name="headerDesign"
                    value={design}
                    checked={draft.headerDesign === design}
                    onChange={() => set('headerDesign', design)}
                  />{' '}
                  {T.header[design]}
                </label>
              ))}
            </fieldset>
            <label htmlFor="branding-cta-text">{T.header.ctaText}</label>
            <input
              id="branding-cta-text"
              name="ctaText"
              type="text"
              maxLength={200}
              value={draft.ctaText}
              aria-invalid={errors.ctaText ? true : undefined}
              aria-describedby={described('ctaText')}
              onChange={(e) => set('ctaText', e.currentTarget.value)}
            />
            <FieldError id="error-ctaText" message={errors.ctaText} />
            <label htmlFor="branding-cta-href">{T.header.ctaHref}</label>
            <input
              id="branding-cta-href"
              name="ctaHref"
              type="url"
              inputMode="url"
              maxLength={2048}
              value={draft.ctaHref}
              aria-invalid={errors.ctaHref ? true : undefined}
              aria-describedby={described('ctaHref')}
              onChange={(e) => set('ctaHref', e.currentTarget.value)}
            />
            <FieldError id="error-ctaHref" message={errors.ctaHref} />
            <label htmlFor="branding-cta-position">{T.header.ctaPosition}</label>
            <select
              id="branding-cta-position"
              name="ctaPosition"
              value={draft.ctaPosition}
              onChange={(e) =>
                set('ctaPosition', e.currentTarget.value === 'left' ? 'left' : 'right')
              }
            >
              <option value="right">{T.header.right}</option>
              <option value="left">{T.header.left}</option>
            </select>
          </fieldset>

          <fieldset>
            <legend className="console-section-title">{T.footer.legend}</legend>
            <label htmlFor="branding-footer-text">{T.footer.text}</label>
            <textarea
              id="branding-footer-text"
              name="footerText"
              rows={3}
              value={draft.footerText}
              aria-invalid={errors.footerText ? true : undefined}
              aria-describedby={described('footerText', 'branding-footer-hint')}
              onChange={(e) => set('footerText', e.currentTarget.value)}
            />
            <p id="branding-footer-hint" className="console-hint">
              {T.footer.textHint} ({draft.footerText.length}/500)
            </p>
            <FieldError id="error-footerText" message={errors.footerText} />
            <label htmlFor="branding-privacy">{T.footer.privacy}</label>
            <input
              id="branding-privacy"
              name="privacyPolicyUrl"
              type="url"
              inputMode="url"
              maxLength={2048}
              value={draft.privacyPolicyUrl}
              aria-invalid={errors.privacyPolicyUrl ? true : undefined}
              aria-describedby={described('privacyPolicyUrl')}
              onChange={(e) => set('privacyPolicyUrl', e.currentTarget.value)}
            />
            <FieldError id="error-privacyPolicyUrl" message={errors.privacyPolicyUrl} />
            <label className="branding-check">
              <input
                type="checkbox"
                name="poweredBy"
                checked={draft.poweredBy}
                onChange={(e) => set('poweredBy', e.currentTarget.checked)}
              />{' '}
              {T.footer.poweredBy}
            </label>

            <fieldset className="branding-social">
              <legend>{T.footer.social}</legend>
              <p className="console-hint" id="branding-social-hint">
                {T.footer.socialHint}
              </p>
              {errors.social ? <FieldError id="error-social" message={errors.social} /> : null}
              {rows.map((row, i) => (
                <div key={i} className="branding-social-row">
                  <label htmlFor={`social-platform-${i}`} className="visually-hidden">
                    {T.footer.platform(i + 1)}
                  </label>
                  <select
                    id={`social-platform-${i}`}
                    name={`social_platform_${i}`}
                    value={PLATFORM_CHOICES.includes(row.platform) ? row.platform : 'website'}
                    onChange={(e) => setSocial(i, 'platform', e.currentTarget.value)}
                  >
                    {PLATFORM_CHOICES.map((p) => (
                      <option key={p} value={p}>
                        {p[0]!.toUpperCase() + p.slice(1)}
                      </option>
                    ))}
                    <option value="website">{T.footer.other}</option>
                  </select>
                  <label htmlFor={`social-url-${i}`} className="visually-hidden">
                    {T.footer.url(i + 1)}
                  </label>
                  <input
                    id={`social-url-${i}`}
                    name={`social_url_${i}`}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    maxLength={2048}
                    value={row.url}
                    aria-invalid={errors[`social_url_${i}`] ? true : undefined}
                    aria-describedby={described(`social_url_${i}`, 'branding-social-hint')}
                    onChange={(e) => setSocial(i, 'url', e.currentTarget.value)}
                  />
                  <label htmlFor={`social-label-${i}`} className="visually-hidden">
                    {T.footer.label(i + 1)}
                  </label>
                  <input
                    id={`social-label-${i}`}
                    name={`social_label_${i}`}
                    type="text"
                    placeholder={T.footer.labelPlaceholder}
                    maxLength={120}
                    value={row.label}
                    onChange={(e) => setSocial(i, 'label', e.currentTarget.value)}
                  />
                  <FieldError
                    id={`error-social_url_${i}`}
                    message={errors[`social_url_${i}`] ?? errors[`social_label_${i}`]}
                  />
                </div>
              ))}
            </fieldset>
          </fieldset>
          <button type="submit" className="button">
            {T.save}
          </button>
        </form>
      </div>
      <BrandingPreview
        draft={draft}
        name={name}
        logo={localLogo ?? logo}
        providerUrl={providerUrl}
      />
    </div>
  );
}

function expand(hex: string): string {
  const value = hex.trim();
  if (value.length === 4) return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return value.toLowerCase();
}
