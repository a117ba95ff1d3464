/**
 * Sponsor frames' image work (docs/watermarks.md): an uploaded frame checked (a PNG with
 * transparency, within the size limits, with a transparent window) and its window found; a photo
 * put in a frame (the photo covers the window, the frame is laid over it) as a JPEG.
 */
import sharp from 'sharp';
import { FRAME_SIDE_RANGE, type FrameWindow } from '@eventsite/contract';
import { sniffImageKind } from './images.js';

export type FrameProblem =
  'not-png' | 'unreadable' | 'too-small' | 'too-large' | 'opaque' | 'no-window' | 'blank';

export class FrameImageError extends Error {
  constructor(
    readonly reason: FrameProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface InspectedFrame {
  /** The frame as stored: PNG, metadata dropped. */
  png: Buffer;
  width: number;
  height: number;
  window: FrameWindow;
}

/** The window is found on a grid this many cells along the longer side. */
const GRID = 200;
/** An alpha below this (of 255) is "see-through". */
const CLEAR = 32;
/** The window is at least this share of the frame's width and height. */
const MIN_WINDOW_SHARE = 0.2;

/**
 * Checks an uploaded frame and finds its window: the largest connected see-through region (on a
 * grid of at most 200 cells a side), as a box in the frame's pixels. Throws FrameImageError with a
 * reason a person can act on.
 */
export async function inspectFrame(bytes: Buffer): Promise<InspectedFrame> {
  if (sniffImageKind(bytes) !== 'png')
    throw new FrameImageError('not-png', 'A frame must be a PNG file (with transparency)');
  const limit = FRAME_SIDE_RANGE.max * FRAME_SIDE_RANGE.max;
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new FrameImageError('unreadable', 'This PNG cannot be read: export it again and retry');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const { min, max } = FRAME_SIDE_RANGE;
  if (width > max || height > max || width * height > limit)
    throw new FrameImageError(
      'too-large',
      `This frame is ${width}×${height} pixels: a frame may be at most ${max}×${max}`,
    );
  if (width < min || height < min)
    throw new FrameImageError(
      'too-small',
      `This frame is ${width}×${height} pixels: a frame needs at least ${min} pixels a side`,
    );
  if (!meta.hasAlpha)
    throw new FrameImageError(
      'opaque',
      'This PNG has no transparency: a frame needs a transparent window for the photo',
    );
  let png: Buffer;
  let grid: { data: Buffer; width: number; height: number };
  try {
    // Decoding the whole image (here and for the grid) is what catches a truncated file.
    png = await sharp(bytes, { limitInputPixels: limit, failOn: 'error' })
      .ensureAlpha()
      .png({ compressionLevel: 6 })
      .toBuffer();
    const scale = GRID / Math.max(width, height);
    const { data, info } = await sharp(png)
      .extractChannel(3)
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), {
        fit: 'fill',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    grid = { data, width: info.width, height: info.height };
  } catch {
    throw new FrameImageError(
      'unreadable',
      'This PNG is damaged or cut off: export it again and retry',
    );
  }
  const opaque = grid.data.reduce((n, a) => n + (a >= 224 ? 1 : 0), 0);
  if (opaque < grid.data.length * 0.02)
    throw new FrameImageError(
      'blank',
      'This PNG is (almost) all transparent: a frame needs artwork around its window',
    );
  const box = largestClearRegion(grid);
  if (
    !box ||
    box.width < grid.width * MIN_WINDOW_SHARE ||
    box.height < grid.height * MIN_WINDOW_SHARE
  )
    throw new FrameImageError(
      'no-window',
      'This PNG has no transparent window large enough for a photo (at least a fifth of its width and height)',
    );
  const sx = width / grid.width;
  const sy = height / grid.height;
  const x = Math.max(0, Math.floor(box.x * sx));
  const y = Math.max(0, Math.floor(box.y * sy));
  const window = {
    x,
    y,
    width: Math.min(width, Math.ceil((box.x + box.width) * sx)) - x,
    height: Math.min(height, Math.ceil((box.y + box.height) * sy)) - y,
  };
  return { png, width, height, window };
}

/** The bounding box of the largest 4-connected region of see-through cells, or null. */
function largestClearRegion(grid: { data: Buffer; width: number; height: number }) {
  const { data, width, height } = grid;
  const seen = new Uint8Array(data.length);
  const stack: number[] = [];
  let best: { cells: number; x: number; y: number; width: number; height: number } | null = null;
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= CLEAR) continue;
    let cells = 0;
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const cx = i % width;
      const cy = (i - cx) / width;
      cells += 1;
      if (cx < minX) minX = cx;
      if (cx > maxX) maxX = cx;
      if (cy < minY) minY = cy;
      if (cy > maxY) maxY = cy;
      const next = [
        cx > 0 ? i - 1 : -1,
        cx < width - 1 ? i + 1 : -1,
        cy > 0 ? i - width : -1,
        cy < height - 1 ? i + width : -1,
      ];
      for (const n of next)
        if (n >= 0 && !seen[n] && data[n]! < CLEAR) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    if (!best || cells > best.cells)
      best = { cells, x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  }
  return best;
}

/**
 * A photo in a frame: `photo` (raw pixels exactly the window's size) under the frame's PNG, on
 * white, as a JPEG of the frame's size.
 */
export async function renderFramed(
  photo: { data: Buffer; info: { width: number; height: number; channels: number } },
  frame: { png: Buffer; width: number; height: number; window: FrameWindow },
): Promise<Buffer> {
  return sharp({
    create: {
      width: frame.width,
      height: frame.height,
      channels: 3,
      background: { r: 255, g: 255, b: 255 },
    },
  })
    .composite([
      {
        input: photo.data,
        raw: {
          width: photo.info.width,
          height: photo.info.height,
          channels: photo.info.channels as 3 | 4,
        },
        left: frame.window.x,
        top: frame.window.y,
      },
      { input: frame.png },
    ])
    .jpeg({ quality: 90, mozjpeg: false })
    .toBuffer();
}
