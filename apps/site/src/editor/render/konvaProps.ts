import type { Fill, TextElement } from '../model/schema';

export const FONT_FAMILY = '"Inter Variable", Inter, system-ui, sans-serif';

/** Konva's fill props for a solid colour or a linear gradient across a w×h box. */
export function fillProps(fill: Fill, w: number, h: number): Record<string, unknown> {
  if (typeof fill === 'string') return { fill };
  const a = (fill.angle * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  // Half the gradient's length: the box's extent along the gradient's direction.
  const half = Math.abs((w / 2) * dx) + Math.abs((h / 2) * dy);
  return {
    fillLinearGradientStartPoint: { x: w / 2 - dx * half, y: h / 2 - dy * half },
    fillLinearGradientEndPoint: { x: w / 2 + dx * half, y: h / 2 + dy * half },
    fillLinearGradientColorStops: fill.stops.flatMap((s) => [s.offset, s.colour]),
  };
}

export function textProps(el: TextElement) {
  return {
    text: el.uppercase ? el.text.toUpperCase() : el.text,
    width: el.width,
    fontSize: el.fontSize,
    fontFamily: FONT_FAMILY,
    fontStyle: `${el.italic ? 'italic ' : ''}${el.fontWeight}`,
    fill: el.fill,
    align: el.align,
    lineHeight: el.lineHeight,
    letterSpacing: el.letterSpacing,
    wrap: 'word' as const,
    ...(el.shadow ? { shadowColor: 'rgba(0,0,0,0.45)', shadowBlur: el.fontSize * 0.25, shadowOffsetY: el.fontSize * 0.04, shadowOpacity: 1 } : {}),
  };
}
