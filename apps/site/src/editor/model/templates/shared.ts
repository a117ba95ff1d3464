import { contrastRatio, luminance, textOn } from '@/lib/colour';
import type { Palette } from '../palette';
import type {
  Background,
  CertificateFieldKey,
  Design,
  DesignElement,
  ImageElement,
  LinearGradient,
  Rect,
  ShapeElement,
  StickerElement,
  TemplateKind,
  TextElement,
} from '../schema';
import { DESIGN_VERSION } from '../schema';

/** What a template is filled from: the event, as the route and the API know it. */
export type EventData = {
  eventName: string;
  /** `YYYY-MM-DD` (shown long: 'March 14, 2026'). */
  eventDate?: string;
  city?: string;
  organiserName?: string;
  logoUrl?: string;
  /** The plate the logo is shown on over dark or busy backgrounds (`#RRGGBB`), from its own colours. */
  logoPlate?: string;
  themeColour?: string;
  /** A photo of the event at a width fit for the template (see `photoUrl`). */
  photoUrl?: string;
  bannerUrl?: string;
};

export type TemplateContext = { event: EventData; palette: Palette };

export type TemplateInfo = {
  kind: TemplateKind;
  label: string;
  /** What it is for, shown under the label. */
  hint: string;
  width: number;
  height: number;
  /** PDF page size in points; A4 for certificates, 96 dpi (0.75 pt/px) for the rest. */
  page: { width: number; height: number };
  safeArea?: Rect;
  certificate: boolean;
};

/**
 * A rough text height before the browser has measured it (the editor replaces it with the
 * rendered height): average glyph 0.56 em for Inter, words wrapped at the box width.
 */
export function estimateTextHeight(text: string, fontSize: number, width: number, lineHeight: number, letterSpacing = 0): number {
  const perChar = fontSize * 0.56 + letterSpacing;
  const perLine = Math.max(1, Math.floor(width / perChar));
  let lines = 0;
  for (const para of text.split('\n')) {
    let len = 0;
    let count = 1;
    for (const word of para.split(/\s+/)) {
      const w = word.length + (len > 0 ? 1 : 0);
      if (len + w > perLine && len > 0) {
        count++;
        len = word.length;
      } else len += w;
    }
    lines += count;
  }
  return Math.max(1, lines) * fontSize * lineHeight;
}

type TextOpts = Partial<Omit<TextElement, 'type' | 'id' | 'text'>> & { x: number; y: number; width: number; fontSize: number };

export function text(id: string, value: string, o: TextOpts & { field?: CertificateFieldKey; labelOf?: CertificateFieldKey }): TextElement {
  const lineHeight = o.lineHeight ?? 1.15;
  const letterSpacing = o.letterSpacing ?? 0;
  return {
    type: 'text',
    id,
    name: o.name ?? id,
    text: value,
    x: o.x,
    y: o.y,
    width: o.width,
    height: o.height ?? estimateTextHeight(o.uppercase ? value.toUpperCase() : value, o.fontSize, o.width, lineHeight, letterSpacing),
    rotation: o.rotation ?? 0,
    opacity: o.opacity ?? 1,
    fontSize: o.fontSize,
    fontWeight: o.fontWeight ?? 400,
    italic: o.italic ?? false,
    fill: o.fill ?? '#FFFFFF',
    align: o.align ?? 'left',
    lineHeight,
    letterSpacing,
    uppercase: o.uppercase ?? false,
    ...(o.field ? { field: o.field } : {}),
    ...(o.labelOf ? { labelOf: o.labelOf } : {}),
    ...(o.shadow ? { shadow: true } : {}),
    ...(o.locked ? { locked: true } : {}),
  };
}

export function shape(
  id: string,
  type: ShapeElement['type'],
  box: Rect,
  o: Partial<Omit<ShapeElement, 'type' | 'id'>> = {},
): ShapeElement {
  return {
    type,
    id,
    name: o.name ?? id,
    ...box,
    rotation: o.rotation ?? 0,
    opacity: o.opacity ?? 1,
    fill: o.fill ?? '#FFFFFF',
    strokeWidth: o.strokeWidth ?? 0,
    cornerRadius: o.cornerRadius ?? 0,
    ...(o.stroke ? { stroke: o.stroke } : {}),
    ...(o.locked ? { locked: true } : {}),
  };
}

export function image(id: string, src: string, box: Rect, o: Partial<Omit<ImageElement, 'type' | 'id' | 'src'>> = {}): ImageElement {
  return {
    type: 'image',
    id,
    name: o.name ?? id,
    src,
    ...box,
    rotation: o.rotation ?? 0,
    opacity: o.opacity ?? 1,
    fit: o.fit ?? 'cover',
    cornerRadius: o.cornerRadius ?? 0,
    role: o.role ?? 'photo',
    ...(o.stroke ? { stroke: o.stroke, strokeWidth: o.strokeWidth ?? 0 } : {}),
  };
}

/**
 * What a template has behind its logo: a photo (busy, of any brightness), or the colours its
 * design spans there (the stops of a gradient, a glow), hex.
 */
export type LogoBackdrop = 'photo' | readonly string[];

/**
 * Within this of its plate (WCAG contrast), a backdrop counts as the plate itself: the logo,
 * chosen to read at 3:1 or better on its plate, keeps at least 2:1 on it.
 */
const LIKE_THE_PLATE = 1.5;

/**
 * Whether a logo needs its plate (`logoPlate`, `#RRGGBB`) over `backdrop`. Over a photo, always.
 * Over the design's own colours, unless every one of them lies beyond the plate (darker than a
 * deep plate, paler than a pale one: further from the logo than the plate is) or close to it, so
 * the logo stands out there as it does on the plate: a white logo (deep plate) on a deep design
 * stays bare, a navy logo (pale plate) gets its plate, a logo with a background of its own (the
 * plate in that colour) stays bare on a design darker than it.
 */
export function logoNeedsPlate(plate: string, backdrop: LogoBackdrop): boolean {
  if (backdrop === 'photo') return true;
  const palePlate = textOn(plate) === '#000000';
  return backdrop.some((colour) => {
    const beyond = palePlate ? luminance(colour) >= luminance(plate) : luminance(colour) <= luminance(plate);
    return !beyond && contrastRatio(plate, colour) >= LIKE_THE_PLATE;
  });
}

/**
 * The organiser's logo in `box`, `contain`ed, over a rounded plate of `plate` reaching `padX` and
 * `padY` past it (no plate when `plate` is null). The certificate and the posters share it.
 */
export function logoOnPlate(src: string, box: Rect, plate: string | null, o: { padX: number; padY: number; radius: number }): DesignElement[] {
  const plateBox = { x: box.x - o.padX, y: box.y - o.padY, width: box.width + 2 * o.padX, height: box.height + 2 * o.padY };
  return [
    ...(plate ? [shape('logo-plate', 'rect', plateBox, { fill: plate, cornerRadius: o.radius, name: 'Logo plate' })] : []),
    image('logo', src, box, { fit: 'contain', role: 'logo', name: 'Organiser logo' }),
  ];
}

export function sticker(id: string, kind: StickerElement['sticker'], box: Rect, colour: string, o: Partial<StickerElement> = {}): StickerElement {
  return { type: 'sticker', id, name: o.name ?? id, sticker: kind, colour, ...box, rotation: o.rotation ?? 0, opacity: o.opacity ?? 1 };
}

export function gradient(angle: number, ...colours: string[]): LinearGradient {
  return { angle, stops: colours.map((colour, i) => ({ offset: i / (colours.length - 1), colour })) };
}

/** The event's photo (or banner) as a full-bleed background with a scrim, or the brand gradient. */
export function photoBackground(ctx: TemplateContext, overlay: LinearGradient, prefer: 'photo' | 'banner' = 'photo'): Background {
  const { event, palette } = ctx;
  const fallback = gradient(135, palette.brand, palette.deep);
  const src = prefer === 'banner' ? (event.bannerUrl ?? event.photoUrl) : (event.photoUrl ?? event.bannerUrl);
  if (!src) return { kind: 'gradient', fill: fallback };
  return { kind: 'image', src, source: src === event.photoUrl ? 'photo' : 'banner', overlay, fallback };
}

export function designOf(info: TemplateInfo, background: Background, elements: Design['elements']): Design {
  return {
    version: DESIGN_VERSION,
    template: info.kind,
    width: info.width,
    height: info.height,
    background,
    // Optional pieces (no logo, no photo) are dropped rather than left as empty boxes.
    elements: elements.filter((e) => e.type !== 'text' || e.text.trim() !== '' || e.field !== undefined),
    ...(info.safeArea ? { safeArea: info.safeArea } : {}),
  };
}
