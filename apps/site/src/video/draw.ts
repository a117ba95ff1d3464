import { MAX_ZOOM, type FrameLayers, type PhotoLayer } from './timeline';

/** What the frames say: the event's branding and the runner. */
export interface VideoBrand {
  eventName: string;
  /** The organiser's theme colour (a CSS colour). */
  colour: string;
  /** The organiser's logo, when it could be loaded. */
  logo: ImageBitmap | null;
  /** The plate under the logo (`#RRGGBB`, from the logo's own colours), or null for none. */
  logoPlate?: string | null;
  /** The runner's name, or 'Bib 1234'. */
  who: string;
  /** Their finish time, when the results have one. */
  time: string | null;
  bib: string;
}

/** The drawing surface: a canvas's or an OffscreenCanvas's 2D context. */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * A photo decoded at the frame's size × MAX_ZOOM, already cropped to the frame's shape: a frame
 * only copies a part of it, never decodes or crops again.
 */
export type Prepared = ImageBitmap;

const FONT = 'Inter, "Helvetica Neue", Arial, sans-serif';

/** The crop of a photo (width × height) that covers a frame of the given shape, centred. */
export function coverCrop(width: number, height: number, frameWidth: number, frameHeight: number): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(frameWidth / width, frameHeight / height);
  const sw = Math.min(width, frameWidth / scale);
  const sh = Math.min(height, frameHeight / scale);
  return { sx: (width - sw) / 2, sy: (height - sh) / 2, sw, sh };
}

/** The part of a prepared photo (frame size × MAX_ZOOM) a layer shows. */
export function viewRect(layer: Pick<PhotoLayer, 'zoom' | 'x' | 'y'>, width: number, height: number) {
  const bw = width * MAX_ZOOM;
  const bh = height * MAX_ZOOM;
  const sw = bw / layer.zoom;
  const sh = bh / layer.zoom;
  return { sx: (bw - sw) * layer.x, sy: (bh - sh) * layer.y, sw, sh };
}

/** Draws one frame: the photos, the opening title, the event's band, then the closing card. */
export function drawFrame(ctx: Context2D, width: number, height: number, layers: FrameLayers, photo: (index: number) => Prepared | null, brand: VideoBrand): void {
  const unit = Math.min(width, height) / 1080;
  ctx.globalAlpha = 1;
  // The colour shows only where no photo covers the frame (a photo that failed to load).
  const covered = layers.photos[0]?.opacity === 1 && photo(layers.photos[0].index) !== null;
  if (!covered) {
    ctx.fillStyle = brand.colour;
    ctx.fillRect(0, 0, width, height);
  }
  for (const layer of layers.photos) {
    const image = photo(layer.index);
    if (!image) continue;
    const r = viewRect(layer, width, height);
    ctx.globalAlpha = layer.opacity;
    ctx.drawImage(image, r.sx, r.sy, r.sw, r.sh, 0, 0, width, height);
  }
  ctx.globalAlpha = 1;
  if (layers.card < 1) drawBandCached(ctx, width, height, unit, brand);
  if (layers.title > 0) drawTitle(ctx, width, height, unit, brand, layers.title);
  if (layers.card > 0) drawCard(ctx, width, height, unit, brand, layers.card);
  ctx.globalAlpha = 1;
}

/** Text cut to fit `max` pixels, with an ellipsis. */
function fit(ctx: Context2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const bands = new WeakMap<VideoBrand, { key: string; image: OffscreenCanvas }>();

/** The band, drawn once per brand and size where OffscreenCanvas is, then copied each frame. */
function drawBandCached(ctx: Context2D, width: number, height: number, unit: number, brand: VideoBrand) {
  if (typeof OffscreenCanvas === 'undefined') return drawBand(ctx, width, height, unit, brand);
  const band = Math.ceil(120 * unit);
  const key = `${width}x${height}`;
  let cached = bands.get(brand);
  if (!cached || cached.key !== key) {
    const image = new OffscreenCanvas(width, band);
    const c = image.getContext('2d');
    if (!c) return drawBand(ctx, width, height, unit, brand);
    drawBand(c, width, band, unit, brand);
    cached = { key, image };
    bands.set(brand, cached);
  }
  ctx.drawImage(cached.image, 0, height - band);
}

/** The organiser's logo at (x, y, w, h), on its plate when it has one (dark frames need it). */
export function drawLogo(ctx: Context2D, brand: VideoBrand, x: number, y: number, w: number, h: number, unit: number) {
  if (!brand.logo) return;
  if (brand.logoPlate) {
    const pad = 12 * unit;
    ctx.fillStyle = brand.logoPlate;
    ctx.beginPath();
    ctx.roundRect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, 10 * unit);
    ctx.fill();
  }
  ctx.drawImage(brand.logo, x, y, w, h);
}

/** The event's band along the bottom: its name, the organiser's colour and logo. */
function drawBand(ctx: Context2D, width: number, height: number, unit: number, brand: VideoBrand) {
  const band = Math.ceil(120 * unit);
  ctx.clearRect(0, height - band, width, band);
  ctx.globalAlpha = 0.82;
  ctx.fillStyle = '#0b0f14';
  ctx.fillRect(0, height - band, width, band);
  ctx.globalAlpha = 1;
  ctx.fillStyle = brand.colour;
  ctx.fillRect(0, height - band, width, 8 * unit);
  let left = 48 * unit;
  if (brand.logo) {
    const h = 64 * unit;
    const w = Math.min(240 * unit, (brand.logo.width / brand.logo.height) * h);
    drawLogo(ctx, brand, left, height - band / 2 - h / 2 + 4 * unit, w, h, unit * 0.6);
    left += w + 28 * unit;
  }
  ctx.fillStyle = '#ffffff';
  ctx.font = `700 ${40 * unit}px ${FONT}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(fit(ctx, brand.eventName, width - left - 48 * unit), left, height - band / 2 + 4 * unit);
}

/** Over the first photo: the runner's name and bib. */
function drawTitle(ctx: Context2D, width: number, height: number, unit: number, brand: VideoBrand, alpha: number) {
  ctx.globalAlpha = alpha;
  const top = height * 0.12;
  ctx.fillStyle = 'rgba(11, 15, 20, 0.55)';
  ctx.fillRect(0, top - 90 * unit, width, 190 * unit);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `800 ${72 * unit}px ${FONT}`;
  ctx.fillText(fit(ctx, brand.who, width - 96 * unit), width / 2, top - 12 * unit);
  ctx.font = `600 ${38 * unit}px ${FONT}`;
  ctx.fillText(fit(ctx, `Bib ${brand.bib}`, width - 96 * unit), width / 2, top + 62 * unit);
  ctx.globalAlpha = 1;
}

/** The closing card: the organiser's colour, the runner's name, their time and the event. */
function drawCard(ctx: Context2D, width: number, height: number, unit: number, brand: VideoBrand, alpha: number) {
  ctx.globalAlpha = alpha;
  ctx.fillStyle = brand.colour;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.28)';
  ctx.fillRect(0, 0, width, height);
  const mid = height / 2;
  const max = width - 120 * unit;
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (brand.logo) {
    const h = 110 * unit;
    const w = Math.min(420 * unit, (brand.logo.width / brand.logo.height) * h);
    drawLogo(ctx, brand, width / 2 - w / 2, mid - 330 * unit, w, h, unit);
    ctx.fillStyle = '#ffffff';
  }
  ctx.font = `800 ${92 * unit}px ${FONT}`;
  ctx.fillText(fit(ctx, brand.who, max), width / 2, mid - 120 * unit);
  if (brand.time) {
    ctx.font = `600 ${40 * unit}px ${FONT}`;
    ctx.fillText('Finish time', width / 2, mid - 10 * unit);
    ctx.font = `800 ${120 * unit}px ${FONT}`;
    ctx.fillText(fit(ctx, brand.time, max), width / 2, mid + 90 * unit);
  }
  ctx.font = `600 ${44 * unit}px ${FONT}`;
  ctx.fillText(fit(ctx, brand.eventName, max), width / 2, mid + (brand.time ? 230 : 40) * unit);
  ctx.globalAlpha = 1;
}
