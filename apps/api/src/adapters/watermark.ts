/**
 * The watermark's image work, all of it (docs/watermarks.md): the mark's artwork (a line of text
 * drawn with the installed DejaVu Sans, or the organiser's uploaded image), and the overlay laid
 * on a variant of a given size (scaled to a share of its width, its opacity applied, its margin
 * baked in as transparent padding, placed by gravity). The overlay is raw RGBA, so compositing it
 * decodes nothing; callers keep one per (event, version, width).
 */
import sharp, { type OverlayOptions } from 'sharp';
import {
  WATERMARK_FONT,
  WATERMARK_MARGIN,
  type WatermarkKind,
  type WatermarkPosition,
} from '@eventsite/contract';

/** What the mark looks like: its kind, text or image, where it goes, how strong and how big. */
export interface MarkLook {
  kind: WatermarkKind;
  text: string;
  /** The uploaded image (PNG, as stored by `prepareMarkImage`) of an `image` mark. */
  image: Buffer | null;
  position: WatermarkPosition;
  opacity: number;
  /** The mark's width as a share of the photo's width. */
  size: number;
}

/** A prepared mark: raw RGBA pixels and where they go, as sharp's composite takes them. */
export type MarkOverlay = OverlayOptions;

/** Gives the overlay to lay on a variant of this size, or null for none. */
export type MarkFor = (width: number, height: number) => Promise<MarkOverlay | null>;

const GRAVITY: Record<WatermarkPosition, string> = {
  'top-left': 'northwest',
  'top-right': 'northeast',
  center: 'centre',
  'bottom-left': 'southwest',
  'bottom-right': 'southeast',
};

/** Text is drawn this large once, then scaled down to each width. */
const TEXT_PX = 160;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/**
 * The mark's artwork as a PNG with transparency, trimmed to its ink: white bold text with a dark
 * outline (legible on light and dark photos), or the uploaded image.
 */
export async function markArtwork(look: MarkLook): Promise<Buffer> {
  if (look.kind === 'image') {
    if (!look.image) throw new Error('an image watermark without its image');
    return look.image;
  }
  const text = escapeXml(look.text.trim());
  const width = Math.ceil(look.text.length * TEXT_PX * 0.75 + TEXT_PX);
  const height = Math.ceil(TEXT_PX * 1.6);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${TEXT_PX / 2}" y="${TEXT_PX * 1.1}" font-family="${WATERMARK_FONT}" font-weight="bold" ` +
    `font-size="${TEXT_PX}" fill="#ffffff" stroke="#000000" stroke-opacity="0.55" ` +
    `stroke-width="${TEXT_PX / 14}" stroke-linejoin="round" paint-order="stroke">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).trim({ threshold: 1 }).png().toBuffer();
}

/** The mark's size on one variant, and the margin it keeps from the edges. */
export interface MarkBox {
  width: number;
  height: number;
  margin: number;
}

/**
 * Where a mark of artwork `art` goes on a variant `width`×`height`: `size`×width wide (less on a
 * photo too short for it), the margin a share of the width. Null when it would be too small to
 * draw. Two variants with the same box get the same overlay (callers cache by it).
 */
export function markBox(
  art: { width: number; height: number },
  look: Pick<MarkLook, 'size'>,
  width: number,
  height: number,
): MarkBox | null {
  const margin = Math.round(width * WATERMARK_MARGIN);
  const room = { width: width - 2 * margin, height: height - 2 * margin };
  let markWidth = Math.min(Math.round(width * look.size), room.width);
  let markHeight = Math.round((markWidth * art.height) / art.width);
  if (markHeight > room.height) {
    markHeight = room.height;
    markWidth = Math.round((markHeight * art.width) / art.height);
  }
  if (markWidth < 4 || markHeight < 2) return null;
  return { width: markWidth, height: markHeight, margin };
}

/**
 * The overlay of a mark: the artwork scaled to the box, at `opacity`, padded by the margin on
 * the sides it sits against, as raw RGBA placed by gravity.
 */
export async function markOverlay(
  artwork: Buffer,
  look: Pick<MarkLook, 'position' | 'opacity'>,
  box: MarkBox,
): Promise<OverlayOptions> {
  const at = look.position;
  const m = box.margin;
  const pad = {
    top: at.startsWith('top') ? m : 0,
    bottom: at.startsWith('bottom') ? m : 0,
    left: at.endsWith('left') ? m : 0,
    right: at.endsWith('right') ? m : 0,
  };
  const alpha = Math.round(Math.max(0, Math.min(1, look.opacity)) * 255);
  const { data, info } = await sharp(artwork)
    .ensureAlpha()
    .resize(box.width, box.height, { fit: 'fill' })
    // The artwork's own transparency, times the opacity.
    .composite([
      {
        input: Buffer.from([255, 255, 255, alpha]),
        raw: { width: 1, height: 1, channels: 4 },
        tile: true,
        blend: 'dest-in',
      },
    ])
    .extend({ ...pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return {
    input: data,
    // Raw output is unpremultiplied whatever `info.premultiplied` says (it names a step inside).
    raw: { width: info.width, height: info.height, channels: info.channels as 4 },
    gravity: GRAVITY[at],
  };
}

/** The artwork's pixel size (its header only). */
export async function artworkSize(artwork: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(artwork).metadata();
  return { width: meta.width ?? 1, height: meta.height ?? 1 };
}

export class MarkImageError extends Error {
  constructor(readonly reason: 'too-large' | 'unreadable') {
    super(reason);
  }
}

/** Largest side an uploaded watermark image is kept at (it is drawn at most 80 % of a 2048 variant). */
const MARK_IMAGE_SIDE = 1600;

/**
 * An uploaded watermark image, decoded (a damaged or disguised file fails), upright, fitted into
 * 1600×1600, trimmed of transparent edges, metadata dropped, as PNG with its transparency.
 */
export async function prepareMarkImage(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const upright = await image
      .rotate()
      .ensureAlpha()
      .resize(MARK_IMAGE_SIDE, MARK_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    // A fully transparent image trims to nothing: keep it as it is then (refused as blank below).
    const trimmed = await sharp(upright)
      .trim({ threshold: 1 })
      .png()
      .toBuffer()
      .catch(() => upright);
    const stats = await sharp(trimmed).stats();
    const alpha = stats.channels[3];
    if (alpha && alpha.max === 0) throw new MarkImageError('unreadable');
    return trimmed;
  } catch (error) {
    if (error instanceof MarkImageError) throw error;
    const message = error instanceof Error ? error.message : '';
    throw new MarkImageError(/pixel limit/i.test(message) ? 'too-large' : 'unreadable');
  }
}
