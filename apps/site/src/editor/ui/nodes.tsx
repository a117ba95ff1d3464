'use client';
import type Konva from 'konva';
import { Ellipse, Group, Image as KImage, Line, Rect, Text } from 'react-konva';
import type { DesignElement, ImageElement, ShapeElement, StickerElement, TextElement } from '../model/schema';
import { containBox, coverCrop } from '../render/images';
import { fillProps, textProps } from '../render/konvaProps';
import { stickerDataUrl } from '../render/stickers';
import { useImage } from './useImage';

export type NodeHandlers = {
  onSelect: (id: string, additive: boolean) => void;
  onDragMove: (id: string, node: Konva.Node) => void;
  onDragEnd: (id: string, node: Konva.Node) => void;
  onTransformEnd: (id: string, node: Konva.Node) => void;
  onEditText: (id: string) => void;
  register: (id: string, node: Konva.Node | null) => void;
};

const PLACEHOLDER = 'rgba(128,128,128,0.25)';

function ImageBody({ el }: { el: ImageElement }) {
  const { image, status } = useImage(el.src);
  if (!image) {
    return <Rect width={el.width} height={el.height} fill={PLACEHOLDER} cornerRadius={el.cornerRadius} dash={status === 'failed' ? [12, 8] : undefined} stroke={status === 'failed' ? 'rgba(200,0,0,0.6)' : undefined} strokeWidth={status === 'failed' ? 4 : 0} />;
  }
  const dims = { width: image.naturalWidth, height: image.naturalHeight };
  if (el.fit === 'contain') {
    const b = containBox(dims, el);
    return (
      <>
        <Rect width={el.width} height={el.height} fill="rgba(0,0,0,0)" />
        <KImage image={image} {...b} cornerRadius={el.cornerRadius} />
      </>
    );
  }
  return <KImage image={image} width={el.width} height={el.height} crop={coverCrop(dims, el)} cornerRadius={el.cornerRadius} stroke={el.stroke} strokeWidth={el.strokeWidth ?? 0} />;
}

function StickerBody({ el }: { el: StickerElement }) {
  const { image } = useImage(stickerDataUrl(el.sticker, el.colour));
  if (!image) return <Rect width={el.width} height={el.height} fill="rgba(0,0,0,0)" />;
  return <KImage image={image} width={el.width} height={el.height} />;
}

function ShapeBody({ el }: { el: ShapeElement }) {
  const stroke = el.stroke && el.strokeWidth > 0 ? { stroke: el.stroke, strokeWidth: el.strokeWidth } : {};
  if (el.type === 'circle') {
    return <Ellipse x={el.width / 2} y={el.height / 2} radiusX={el.width / 2} radiusY={el.height / 2} {...fillProps(el.fill, el.width, el.height)} {...stroke} />;
  }
  if (el.type === 'line') {
    const colour = typeof el.fill === 'string' ? el.fill : (el.fill.stops[0]?.colour ?? '#000000');
    return (
      <>
        {/* A taller invisible box so a thin line can still be grabbed. */}
        <Rect width={el.width} height={el.height} fill="rgba(0,0,0,0)" />
        <Line points={[0, el.height / 2, el.width, el.height / 2]} stroke={colour} strokeWidth={Math.max(1, el.strokeWidth || el.height)} lineCap="round" />
      </>
    );
  }
  return <Rect width={el.width} height={el.height} cornerRadius={el.cornerRadius} {...fillProps(el.fill, el.width, el.height)} {...stroke} />;
}

function TextBody({ el }: { el: TextElement }) {
  return <Text {...textProps(el)} />;
}

/** One element of the design as a Konva group: drawn in local coordinates, moved and turned as a whole. */
export function ElementNode({ el, hidden, handlers, interactive }: { el: DesignElement; hidden: boolean; handlers: NodeHandlers; interactive: boolean }) {
  const draggable = interactive && !el.locked;
  return (
    <Group
      ref={(n) => handlers.register(el.id, n)}
      id={el.id}
      name="element"
      x={el.x}
      y={el.y}
      rotation={el.rotation}
      opacity={el.opacity}
      visible={!hidden}
      draggable={draggable}
      // Locked pieces (a certificate's frame) ignore the pointer so that clicks reach what is
      // under them; the Layers list still selects them.
      listening={interactive && !el.locked}
      onMouseDown={(e) => handlers.onSelect(el.id, e.evt.shiftKey || e.evt.metaKey || e.evt.ctrlKey)}
      onTouchStart={() => handlers.onSelect(el.id, false)}
      onDragMove={(e) => handlers.onDragMove(el.id, e.target)}
      onDragEnd={(e) => handlers.onDragEnd(el.id, e.target)}
      onTransformEnd={(e) => handlers.onTransformEnd(el.id, e.target)}
      onDblClick={() => el.type === 'text' && handlers.onEditText(el.id)}
      onDblTap={() => el.type === 'text' && handlers.onEditText(el.id)}
    >
      {el.type === 'text' ? <TextBody el={el} /> : el.type === 'image' ? <ImageBody el={el} /> : el.type === 'sticker' ? <StickerBody el={el} /> : <ShapeBody el={el} />}
    </Group>
  );
}
