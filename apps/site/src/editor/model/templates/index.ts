import { paletteFor } from '../palette';
import type { Design, TemplateKind } from '../schema';
import { TEMPLATE_KINDS } from '../schema';
import { certificate } from './certificate';
import type { EventData, TemplateInfo } from './shared';
import { linkPreview, postPortrait, postSquare, story } from './social';

export type { EventData, TemplateInfo } from './shared';
export { FIELD_PLACEHOLDERS } from './certificate';

/** A4 in PostScript points and, at 300 dpi, in pixels. */
export const A4_PT = { long: 842, short: 595 } as const;
export const A4_PX_300DPI = { long: 3508, short: 2480 } as const;

/** Screen sizes become PDF pages at 96 dpi, the CSS pixel's definition: 0.75 pt per px. */
const screenPage = (w: number, h: number) => ({ width: w * 0.75, height: h * 0.75 });

export const TEMPLATES: Record<TemplateKind, TemplateInfo> = {
  'post-square': { kind: 'post-square', label: 'Square post', hint: 'Instagram feed, 1080×1080', width: 1080, height: 1080, page: screenPage(1080, 1080), certificate: false },
  'post-portrait': { kind: 'post-portrait', label: 'Portrait post', hint: 'Instagram feed, 1080×1350', width: 1080, height: 1350, page: screenPage(1080, 1350), certificate: false },
  story: {
    kind: 'story',
    label: 'Story',
    hint: 'Instagram and Facebook stories, 1080×1920',
    width: 1080,
    height: 1920,
    page: screenPage(1080, 1920),
    // Instagram covers the top and bottom 250 px with the profile bar and the reply field.
    safeArea: { x: 0, y: 250, width: 1080, height: 1420 },
    certificate: false,
  },
  'link-preview': { kind: 'link-preview', label: 'Link preview', hint: 'Facebook, LinkedIn, X, 1200×630', width: 1200, height: 630, page: screenPage(1200, 630), certificate: false },
  'certificate-landscape': { kind: 'certificate-landscape', label: 'Certificate', hint: 'A4 landscape, print quality', width: A4_PX_300DPI.long, height: A4_PX_300DPI.short, page: { width: A4_PT.long, height: A4_PT.short }, certificate: true },
  'certificate-portrait': { kind: 'certificate-portrait', label: 'Certificate (portrait)', hint: 'A4 portrait, print quality', width: A4_PX_300DPI.short, height: A4_PX_300DPI.long, page: { width: A4_PT.short, height: A4_PT.long }, certificate: true },
};

export const TEMPLATE_LIST: TemplateInfo[] = TEMPLATE_KINDS.map((k) => TEMPLATES[k]);

const BUILDERS: Record<TemplateKind, (info: TemplateInfo, ctx: { event: EventData; palette: ReturnType<typeof paletteFor> }) => Design> = {
  'post-square': postSquare,
  'post-portrait': postPortrait,
  story,
  'link-preview': linkPreview,
  'certificate-landscape': certificate,
  'certificate-portrait': certificate,
};

/** A fresh design of a template, filled from the event (name, date, city, logo, photo, colour). */
export function buildTemplate(kind: TemplateKind, event: EventData): Design {
  const info = TEMPLATES[kind];
  return BUILDERS[kind](info, { event, palette: paletteFor(event.themeColour) });
}

/** The photo width to ask the API for: the smallest served width covering the template's width. */
export function photoWidthFor(kind: TemplateKind, widths: readonly number[]): number {
  const want = TEMPLATES[kind].width;
  return widths.find((w) => w >= want) ?? widths[widths.length - 1] ?? want;
}
