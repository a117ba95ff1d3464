import type { Design, ImageElement, ShapeElement, StickerElement, TextElement } from './schema';
import { image, shape, sticker, text } from './templates/shared';

/**
 * New elements as the "Add" panel makes them: sized relative to the canvas (a heading on a
 * 3508 px certificate is as prominent as on a 1080 px post) and centred on it.
 */
const unit = (d: Design) => Math.min(d.width, d.height) / 100;

function centred<T extends { width: number; height: number; x: number; y: number }>(d: Design, el: T): T {
  const area = d.safeArea ?? { x: 0, y: 0, width: d.width, height: d.height };
  return { ...el, x: area.x + (area.width - el.width) / 2, y: area.y + (area.height - el.height) / 2 };
}

export type TextPreset = 'heading' | 'subheading' | 'body';

export function newText(d: Design, preset: TextPreset, colour: string): TextElement {
  const u = unit(d);
  const spec = {
    heading: { value: 'Your headline', size: 9 * u, weight: 900 as const, name: 'Headline' },
    subheading: { value: 'A subheading', size: 5 * u, weight: 700 as const, name: 'Subheading' },
    body: { value: 'Tell your friends why you run.', size: 3.4 * u, weight: 400 as const, name: 'Text' },
  }[preset];
  const width = Math.min(d.width * 0.8, spec.value.length * spec.size * 0.6);
  return centred(d, text('text', spec.value, { x: 0, y: 0, width, fontSize: spec.size, fontWeight: spec.weight, align: 'center', fill: colour, name: spec.name }));
}

export function newShape(d: Design, type: ShapeElement['type'], colour: string): ShapeElement {
  const u = unit(d);
  const box = type === 'line' ? { x: 0, y: 0, width: 40 * u, height: 2 * u } : { x: 0, y: 0, width: 30 * u, height: 30 * u };
  const name = { rect: 'Rectangle', circle: 'Circle', line: 'Line' }[type];
  return centred(d, shape(type, type, box, { fill: colour, cornerRadius: type === 'rect' ? 2 * u : 0, strokeWidth: type === 'line' ? 1.2 * u : 0, name }));
}

export function newSticker(d: Design, kind: StickerElement['sticker'], colour: string, label: string): StickerElement {
  const u = unit(d);
  return centred(d, sticker(kind, kind, { x: 0, y: 0, width: 28 * u, height: 28 * u }, colour, { name: label }));
}

/** One of the event's sponsor frames over the whole canvas (cropped to its shape, centred). */
export function newFrame(d: Design, src: string, name: string): ImageElement {
  return image('frame', src, { x: 0, y: 0, width: d.width, height: d.height }, { name: `Frame: ${name}`.slice(0, 80), fit: 'cover', role: 'frame' });
}

/** A photo placed at most 60% of the canvas, keeping its aspect ratio. */
export function newImage(d: Design, src: string, natural: { width: number; height: number }): ImageElement {
  const max = Math.min(d.width, d.height) * 0.6;
  const s = max / Math.max(natural.width, natural.height);
  const u = unit(d);
  return centred(d, image('photo', src, { x: 0, y: 0, width: natural.width * s, height: natural.height * s }, { name: 'Photo', cornerRadius: 2 * u }));
}
