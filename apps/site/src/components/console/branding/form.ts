// zod without compiled checks, before any schema is used in the browser (lib/zod-jitless.ts).
import '@/lib/zod-jitless';
import {
  DEFAULT_EXTRA_CONFIG,
  type ExtraConfig,
  type ExtraConfigPatch,
  extraConfigPatch,
} from '@eventsite/contract';
import { SOCIAL_PLATFORMS } from '@eventsite/contract/constants';
import { contrastRatio, expandHex, textOn } from '@/lib/colour';
import { HEX_COLOUR } from '@eventsite/contract/constants';

/** Most social links the form offers (the contract's limit). */
export const MAX_SOCIAL_LINKS = 20;
/** Empty rows offered beside the organiser's links, for new ones (no script needed). */
export const SPARE_SOCIAL_ROWS = 2;
export const PLATFORM_CHOICES = [...SOCIAL_PLATFORMS] as readonly string[];

export interface SocialDraft {
  platform: string;
  url: string;
  label: string;
}

/** The Branding form's fields as typed: every one a string or boolean, nothing lost. */
export interface BrandingDraft {
  themeColor: string;
  headerDesign: 'default' | 'fill';
  ctaText: string;
  ctaHref: string;
  ctaPosition: 'left' | 'right';
  footerText: string;
  privacyPolicyUrl: string;
  poweredBy: boolean;
  social: SocialDraft[];
}

/** The form's field of each checked setting, for errors next to their field. */
export type BrandingField =
  | 'themeColor'
  | 'headerDesign'
  | 'ctaText'
  | 'ctaHref'
  | 'ctaPosition'
  | 'footerText'
  | 'privacyPolicyUrl'
  | `social_url_${number}`
  | `social_platform_${number}`
  | `social_label_${number}`
  | 'social';

export function draftOf(config: ExtraConfig): BrandingDraft {
  return {
    themeColor: config.themeColor,
    headerDesign: config.headerDesign,
    ctaText: config.headerCta.text,
    ctaHref: config.headerCta.href,
    ctaPosition: config.headerCta.position,
    footerText: config.footer_config.footerText,
    privacyPolicyUrl: config.footer_config.privacyPolicyUrl,
    poweredBy: !config.footer_config.hide9picBranding,
    social: config.footer_config.socialMediaLinks.map((l) => ({
      platform: l.platform,
      url: l.url,
      label: l.label,
    })),
  };
}

const text = (value: unknown, max: number) =>
  (typeof value === 'string' ? value : '').slice(0, max);

/** The form as posted (a FormData or a decoded draft), read leniently: it is shown again as typed. */
export function draftFromForm(form: { get(name: string): unknown }): BrandingDraft {
  const social: SocialDraft[] = [];
  for (let i = 0; i < MAX_SOCIAL_LINKS; i++) {
    const row = {
      platform: text(form.get(`social_platform_${i}`), 64),
      url: text(form.get(`social_url_${i}`), 2048),
      label: text(form.get(`social_label_${i}`), 120),
    };
    if (row.url.trim() !== '' || row.label.trim() !== '') social.push(row);
  }
  return {
    themeColor: text(form.get('themeColor'), 32).trim(),
    headerDesign: form.get('headerDesign') === 'fill' ? 'fill' : 'default',
    ctaText: text(form.get('ctaText'), 200),
    ctaHref: text(form.get('ctaHref'), 2048).trim(),
    ctaPosition: form.get('ctaPosition') === 'left' ? 'left' : 'right',
    footerText: text(form.get('footerText'), 2000),
    privacyPolicyUrl: text(form.get('privacyPolicyUrl'), 2048).trim(),
    poweredBy: form.get('poweredBy') === 'on' || form.get('poweredBy') === true,
    social,
  };
}

const FIELD_OF_PATH: Record<string, BrandingField> = {
  themeColor: 'themeColor',
  headerDesign: 'headerDesign',
  'headerCta.text': 'ctaText',
  'headerCta.href': 'ctaHref',
  'headerCta.position': 'ctaPosition',
  'footer_config.footerText': 'footerText',
  'footer_config.privacyPolicyUrl': 'privacyPolicyUrl',
};

const FIELD_NAMES: Partial<Record<BrandingField, string>> = {
  themeColor: 'Theme colour',
  ctaText: 'Call-to-action text',
  ctaHref: 'Call-to-action link',
  footerText: 'Footer text',
  privacyPolicyUrl: 'Privacy policy link',
};

export type BrandingCheck =
  | { ok: true; patch: ExtraConfigPatch }
  | { ok: false; errors: Partial<Record<BrandingField, string>> };

/**
 * The draft checked by the very schema the API applies (`extraConfigPatch`), with each problem
 * said in words next to its field. A call-to-action needs both its text and its link.
 */
export function checkDraft(draft: BrandingDraft): BrandingCheck {
  const errors: Partial<Record<BrandingField, string>> = {};
  const candidate = {
    themeColor: draft.themeColor,
    headerDesign: draft.headerDesign,
    headerCta: { text: draft.ctaText, href: draft.ctaHref, position: draft.ctaPosition },
    footer_config: {
      hide9picBranding: !draft.poweredBy,
      footerText: draft.footerText,
      privacyPolicyUrl: draft.privacyPolicyUrl,
      socialMediaLinks: draft.social.map((l) => ({
        platform: l.platform.trim() || 'website',
        url: l.url.trim(),
        icon: '',
        label: l.label.trim(),
      })),
    },
  };
  const parsed = extraConfigPatch.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      let field: BrandingField | undefined;
      if (path[1] === 'socialMediaLinks' && path[2] !== undefined) {
        const key = path[3] === 'label' ? 'label' : path[3] === 'platform' ? 'platform' : 'url';
        field = `social_${key}_${Number(path[2])}`;
      } else
        field =
          FIELD_OF_PATH[path.join('.')] ?? (path[1] === 'socialMediaLinks' ? 'social' : undefined);
      field ??= 'themeColor';
      if (errors[field]) continue;
      errors[field] = sentence(field, issue.code === 'too_big' ? 'is too long' : issue.message);
    }
  }
  if (draft.ctaText.trim() !== '' && draft.ctaHref === '' && !errors.ctaHref)
    errors.ctaHref = 'Call-to-action link is required when the call-to-action has a text';
  if (draft.ctaHref !== '' && draft.ctaText.trim() === '' && !errors.ctaText)
    errors.ctaText = 'Call-to-action text is required when it has a link';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, patch: parsed.data! };
}

function sentence(field: BrandingField, message: string): string {
  const social = /^social_(url|platform|label)_(\d+)$/.exec(field);
  const name = social
    ? `${{ url: 'Address', platform: 'Platform', label: 'Name' }[social[1] as 'url']} of social link ${Number(social[2]) + 1}`
    : (FIELD_NAMES[field] ?? 'This field');
  return `${name} ${message}`;
}

/** The draft as the public API would serve it, for the preview (read by the site's own reader). */
export function draftAsOrganiserData(draft: BrandingDraft, name: string, logo: string) {
  const base = DEFAULT_EXTRA_CONFIG;
  return {
    name,
    logo,
    extra_config: {
      ...base,
      themeColor: draft.themeColor,
      headerDesign: draft.headerDesign,
      headerCta: { text: draft.ctaText, href: draft.ctaHref, position: draft.ctaPosition },
      footer_config: {
        hide9picBranding: !draft.poweredBy,
        footerText: draft.footerText,
        privacyPolicyUrl: draft.privacyPolicyUrl,
        socialMediaLinks: draft.social.map((l) => ({ ...l, icon: '' })),
      },
    },
  };
}

/** A draft in a URL (after a refused save, so the form comes back as typed), or null if too long. */
export function encodeDraft(draft: BrandingDraft): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify(draft));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const encoded = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return encoded.length <= 6000 ? encoded : null;
}

/** A draft from a URL: anything that is not one is ignored (null). */
export function decodeDraft(value: unknown): BrandingDraft | null {
  if (typeof value !== 'string' || value.length > 6000 || !/^[A-Za-z0-9_-]*$/.test(value))
    return null;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const raw: unknown = JSON.parse(json);
    if (!raw || typeof raw !== 'object') return null;
    const r = raw as Record<string, unknown>;
    const social = Array.isArray(r.social) ? r.social.slice(0, MAX_SOCIAL_LINKS) : [];
    const fields = new Map<string, unknown>(Object.entries(r));
    social.forEach((row: unknown, i) => {
      const l = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      fields.set(`social_platform_${i}`, l.platform);
      fields.set(`social_url_${i}`, l.url);
      fields.set(`social_label_${i}`, l.label);
    });
    fields.set('poweredBy', r.poweredBy === true);
    return draftFromForm(fields);
  } catch {
    return null;
  }
}

export interface ContrastReport {
  /** White text on the colour. */
  white: number;
  /** The text colour the site puts on it (black or white, whichever reads better). */
  text: '#000000' | '#FFFFFF';
  textRatio: number;
  /** White text fails WCAG AA (4.5:1) on this colour. */
  whiteFails: boolean;
}

/** How text reads on the theme colour (WCAG contrast), or null for a colour that is not one. */
export function contrastOf(colour: string): ContrastReport | null {
  const value = colour.trim();
  if (!HEX_COLOUR.test(value)) return null;
  const hex = expandHex(value);
  const white = contrastRatio(hex, '#FFFFFF');
  const text = textOn(hex);
  return { white, text, textRatio: contrastRatio(hex, text), whiteFails: white < 4.5 };
}

/** A ratio as people read it: 4.48 → "4.4" (never rounded up past a threshold). */
export function ratioText(ratio: number): string {
  return (Math.floor(ratio * 10) / 10).toFixed(1);
}
