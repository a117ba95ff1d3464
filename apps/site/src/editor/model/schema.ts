import { CERTIFICATE_FIELDS } from '@eventsite/contract/constants';
import { certificateFieldKey, type CertificateFieldKey } from '@eventsite/contract';
import { z } from 'zod';
import '@/lib/zod-jitless';

/**
 * The design's element model, as zod schemas: the one source of the TypeScript types and of the
 * check a saved design passes before the editor trusts it (a corrupt or outdated localStorage
 * entry is discarded, never rendered). Plain data, no React or Konva: the model is tested headless.
 */

export const DESIGN_VERSION = 1;

const finite = z.number().finite();
const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$|^rgba?\([\d\s.,%]+\)$/, 'colour');
/** Images come from the API over http(s); nothing else (no javascript:, no file:) is loaded. */
const imageSrc = z.string().max(2048).regex(/^https?:\/\//i, 'http(s) URL');

export const gradientStop = z.object({ offset: z.number().min(0).max(1), colour });
export type GradientStop = z.infer<typeof gradientStop>;

/** A linear gradient across an element's box: angle in degrees, 0 = left to right, 90 = top to bottom. */
export const linearGradient = z.object({ angle: finite, stops: z.array(gradientStop).min(2).max(6) });
export type LinearGradient = z.infer<typeof linearGradient>;

export const fill = z.union([colour, linearGradient]);
export type Fill = z.infer<typeof fill>;

/** What a certificate field's text is filled from (race results, event data or the participant). */
export { CERTIFICATE_FIELDS, certificateFieldKey, type CertificateFieldKey };

const base = {
  id: z.string().min(1).max(64),
  x: finite,
  y: finite,
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  rotation: finite,
  opacity: z.number().min(0).max(1),
  /** A person-readable name for the layers list, e.g. 'Event name'. */
  name: z.string().max(80),
  locked: z.boolean().optional(),
};

export const FONT_WEIGHTS = [400, 500, 600, 700, 800, 900] as const;

export const textElement = z.object({
  ...base,
  type: z.literal('text'),
  text: z.string().max(2000),
  fontSize: z.number().min(4).max(2000),
  fontWeight: z.union([z.literal(400), z.literal(500), z.literal(600), z.literal(700), z.literal(800), z.literal(900)]),
  italic: z.boolean(),
  fill: colour,
  align: z.enum(['left', 'center', 'right']),
  lineHeight: z.number().min(0.5).max(4),
  /** Tracking in px at the element's font size. */
  letterSpacing: z.number().min(-50).max(200),
  uppercase: z.boolean(),
  /** Set on certificate texts: the text is refilled from this field when results arrive. */
  field: certificateFieldKey.optional(),
  /**
   * Set on a certificate field's label ('Category place'): when the field is filled with nothing
   * (a runner without a category rank), the label is left out with it (drawn at opacity 0).
   */
  labelOf: certificateFieldKey.optional(),
  shadow: z.boolean().optional(),
});
export type TextElement = z.infer<typeof textElement>;

export const imageElement = z.object({
  ...base,
  type: z.literal('image'),
  src: imageSrc,
  /** How the picture fills its box: cover crops to fill, contain letterboxes (logos). */
  fit: z.enum(['cover', 'contain']),
  cornerRadius: z.number().min(0).max(2000),
  /** `frame`: one of the event's sponsor frames, laid over the design. */
  role: z.enum(['photo', 'logo', 'frame']),
  stroke: colour.optional(),
  strokeWidth: z.number().min(0).max(200).optional(),
});
export type ImageElement = z.infer<typeof imageElement>;

export const shapeElement = z.object({
  ...base,
  type: z.enum(['rect', 'circle', 'line']),
  fill,
  stroke: colour.optional(),
  strokeWidth: z.number().min(0).max(400),
  cornerRadius: z.number().min(0).max(2000),
});
export type ShapeElement = z.infer<typeof shapeElement>;

export const STICKERS = ['medal', 'star', 'running', 'flag'] as const;
export const stickerElement = z.object({
  ...base,
  type: z.literal('sticker'),
  sticker: z.enum(STICKERS),
  colour,
});
export type StickerElement = z.infer<typeof stickerElement>;

export const element = z.discriminatedUnion('type', [textElement, imageElement, shapeElement, stickerElement]);
export type DesignElement = z.infer<typeof element>;
export type ElementType = DesignElement['type'];

/** The background is its own layer, under every element, always filling the canvas. */
export const background = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gradient'), fill }),
  z.object({
    kind: z.literal('image'),
    src: imageSrc,
    /** Which image it is, so the picker can show it as chosen. */
    source: z.enum(['photo', 'banner']),
    /** A scrim over the picture so that text stays readable. */
    overlay: linearGradient.optional(),
    /** Painted under the image while it loads or if it fails. */
    fallback: fill,
  }),
]);
export type Background = z.infer<typeof background>;

export const TEMPLATE_KINDS = [
  'post-square',
  'post-portrait',
  'story',
  'link-preview',
  'certificate-landscape',
  'certificate-portrait',
] as const;
export const templateKind = z.enum(TEMPLATE_KINDS);
export type TemplateKind = z.infer<typeof templateKind>;

export const rect = z.object({ x: finite, y: finite, width: z.number().positive(), height: z.number().positive() });
export type Rect = z.infer<typeof rect>;

export const design = z.object({
  version: z.literal(DESIGN_VERSION),
  template: templateKind,
  width: z.number().int().min(100).max(8000),
  height: z.number().int().min(100).max(8000),
  background,
  elements: z.array(element).max(200),
  /** Where content must stay to survive the platform's chrome (the story's 1080x1420). */
  safeArea: rect.optional(),
});
export type Design = z.infer<typeof design>;
