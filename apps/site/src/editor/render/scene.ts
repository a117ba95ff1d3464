import Konva from 'konva';
import type { TextRun } from '../model/pdfText';
import type { Background, Design, DesignElement, ImageElement, ShapeElement, StickerElement } from '../model/schema';
import { containBox, coverCrop } from './images';
import { fillProps, textProps } from './konvaProps';
import { stickerDataUrl } from './stickers';

/**
 * A design as a tree of plain Konva nodes (no React, no stage, nothing mounted): what the export
 * draws. It is the same picture the editor's canvas shows (ui/nodes.tsx, ui/BackgroundNode.tsx),
 * from the same props (konvaProps.ts) and crops (images.ts), without the editing chrome.
 */

/** A loaded picture and its natural size. */
export type Picture = { image: CanvasImageSource; width: number; height: number };
/** Each picture the design names, by URL: loaded, failed, or not there yet. */
export type Pictures = (src: string) => Picture | 'failed' | 'loading';

const PLACEHOLDER = 'rgba(128,128,128,0.25)';

/** Every picture URL a design draws: its background, its images, its stickers' artwork. */
export function pictureSources(design: Design): string[] {
  const srcs = design.elements.flatMap((e) => (e.type === 'image' ? [e.src] : e.type === 'sticker' ? [stickerDataUrl(e.sticker, e.colour)] : []));
  return [...new Set([...(design.background.kind === 'image' ? [design.background.src] : []), ...srcs])];
}

function backgroundNode(background: Background, width: number, height: number, pictures: Pictures): Konva.Shape | Konva.Group {
  if (background.kind === 'gradient') return new Konva.Rect({ name: 'background', width, height, ...fillProps(background.fill, width, height) });
  const group = new Konva.Group({ name: 'background' });
  group.add(new Konva.Rect({ width, height, ...fillProps(background.fallback, width, height) }));
  const picture = pictures(background.src);
  if (typeof picture === 'object') group.add(new Konva.Image({ image: picture.image, width, height, crop: coverCrop(picture, { width, height }) }));
  if (background.overlay) group.add(new Konva.Rect({ width, height, ...fillProps(background.overlay, width, height) }));
  return group;
}

function imageNodes(el: ImageElement, pictures: Pictures): Konva.Shape[] {
  const picture = pictures(el.src);
  if (typeof picture !== 'object') {
    const failed = picture === 'failed';
    return [
      new Konva.Rect({
        width: el.width,
        height: el.height,
        fill: PLACEHOLDER,
        cornerRadius: el.cornerRadius,
        ...(failed ? { dash: [12, 8], stroke: 'rgba(200,0,0,0.6)' } : {}),
        strokeWidth: failed ? 4 : 0,
      }),
    ];
  }
  if (el.fit === 'contain') {
    return [new Konva.Rect({ width: el.width, height: el.height, fill: 'rgba(0,0,0,0)' }), new Konva.Image({ image: picture.image, ...containBox(picture, el), cornerRadius: el.cornerRadius })];
  }
  return [
    new Konva.Image({
      image: picture.image,
      width: el.width,
      height: el.height,
      crop: coverCrop(picture, el),
      cornerRadius: el.cornerRadius,
      ...(el.stroke ? { stroke: el.stroke } : {}),
      strokeWidth: el.strokeWidth ?? 0,
    }),
  ];
}

function stickerNodes(el: StickerElement, pictures: Pictures): Konva.Shape[] {
  const picture = pictures(stickerDataUrl(el.sticker, el.colour));
  if (typeof picture !== 'object') return [new Konva.Rect({ width: el.width, height: el.height, fill: 'rgba(0,0,0,0)' })];
  return [new Konva.Image({ image: picture.image, width: el.width, height: el.height })];
}

function shapeNodes(el: ShapeElement): Konva.Shape[] {
  const stroke = el.stroke && el.strokeWidth > 0 ? { stroke: el.stroke, strokeWidth: el.strokeWidth } : {};
  if (el.type === 'circle') {
    return [new Konva.Ellipse({ x: el.width / 2, y: el.height / 2, radiusX: el.width / 2, radiusY: el.height / 2, ...fillProps(el.fill, el.width, el.height), ...stroke })];
  }
  if (el.type === 'line') {
    const colour = typeof el.fill === 'string' ? el.fill : (el.fill.stops[0]?.colour ?? '#000000');
    return [
      new Konva.Rect({ width: el.width, height: el.height, fill: 'rgba(0,0,0,0)' }),
      new Konva.Line({ points: [0, el.height / 2, el.width, el.height / 2], stroke: colour, strokeWidth: Math.max(1, el.strokeWidth || el.height), lineCap: 'round' }),
    ];
  }
  return [new Konva.Rect({ width: el.width, height: el.height, cornerRadius: el.cornerRadius, ...fillProps(el.fill, el.width, el.height), ...stroke })];
}

function elementNode(el: DesignElement, pictures: Pictures): Konva.Group {
  const group = new Konva.Group({ id: el.id, name: 'element', x: el.x, y: el.y, rotation: el.rotation, opacity: el.opacity, listening: false });
  const body =
    el.type === 'text' ? [new Konva.Text(textProps(el))] : el.type === 'image' ? imageNodes(el, pictures) : el.type === 'sticker' ? stickerNodes(el, pictures) : shapeNodes(el);
  for (const node of body) group.add(node);
  return group;
}

export type Scene = {
  /** The design's layer: draw it with `layer.toCanvas({ x: 0, y: 0, width, height, pixelRatio })`. */
  layer: Konva.Layer;
  /** Every text element's wrapped lines as Konva laid them out (for the PDF's text layer). */
  textRuns: () => TextRun[];
  destroy: () => void;
};

/** The design, clipped to its page, on a layer of its own that no stage shows. */
export function buildScene(design: Design, pictures: Pictures): Scene {
  const layer = new Konva.Layer({ listening: false });
  const content = new Konva.Group({ clipX: 0, clipY: 0, clipWidth: design.width, clipHeight: design.height });
  content.add(backgroundNode(design.background, design.width, design.height, pictures));
  const texts = new Map<string, Konva.Text>();
  for (const el of design.elements) {
    const node = elementNode(el, pictures);
    content.add(node);
    if (el.type === 'text') texts.set(el.id, node.findOne('Text') as Konva.Text);
  }
  layer.add(content);
  return {
    layer,
    textRuns: () =>
      design.elements.flatMap((el): TextRun[] => {
        const t = el.type === 'text' ? texts.get(el.id) : undefined;
        // A text left out (a label at opacity 0) is not in the page's text either.
        if (el.type !== 'text' || !t || el.opacity === 0) return [];
        return [
          {
            x: el.x,
            y: el.y,
            width: t.width(),
            rotation: el.rotation,
            fontSize: el.fontSize,
            lineHeight: el.lineHeight,
            align: el.align,
            lines: t.textArr.map((l) => ({ text: l.text, width: l.width })),
          },
        ];
      }),
    destroy: () => layer.destroy(),
  };
}
