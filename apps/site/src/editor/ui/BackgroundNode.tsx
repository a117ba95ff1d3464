'use client';
import { Group, Image as KImage, Rect } from 'react-konva';
import type { Background } from '../model/schema';
import { fillProps } from '../render/konvaProps';
import { coverCrop } from '../render/images';
import { useImage } from './useImage';

/** The design's bottom layer: a gradient, or a picture cropped to fill with its scrim over it. */
export function BackgroundNode({ background, width, height }: { background: Background; width: number; height: number }) {
  const src = background.kind === 'image' ? background.src : undefined;
  const { image } = useImage(src);
  if (background.kind === 'gradient') {
    return <Rect name="background" width={width} height={height} {...fillProps(background.fill, width, height)} />;
  }
  return (
    <Group name="background">
      <Rect width={width} height={height} {...fillProps(background.fallback, width, height)} />
      {image ? <KImage image={image} width={width} height={height} crop={coverCrop({ width: image.naturalWidth, height: image.naturalHeight }, { width, height })} /> : null}
      {background.overlay ? <Rect width={width} height={height} {...fillProps(background.overlay, width, height)} /> : null}
    </Group>
  );
}
