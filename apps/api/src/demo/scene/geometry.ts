/**
 * Minimal 2D geometry: the body parts are drawn from these shapes, and the same shapes
 * answer "does this pixel lie under an arm / another runner", which is how occlusion of
 * bib digits is decided instead of guessed.
 */
export interface Point {
  x: number;
  y: number;
}

export type Shape =
  | { kind: 'capsule'; a: Point; b: Point; r: number }
  | { kind: 'ellipse'; c: Point; rx: number; ry: number }
  | { kind: 'polygon'; points: Point[] };

/** Uniform scale, rotation (degrees) and translation: local figure units to image pixels. */
export interface Similarity {
  tx: number;
  ty: number;
  scale: number;
  rotateDeg: number;
}

export function applySimilarity(t: Similarity, p: Point): Point {
  const rad = (t.rotateDeg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return { x: t.tx + t.scale * (p.x * cos - p.y * sin), y: t.ty + t.scale * (p.x * sin + p.y * cos) };
}

export function invertSimilarity(t: Similarity, p: Point): Point {
  const rad = (t.rotateDeg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const dx = (p.x - t.tx) / t.scale;
  const dy = (p.y - t.ty) / t.scale;
  return { x: dx * cos + dy * sin, y: -dx * sin + dy * cos };
}

export function similarityTransformAttr(t: Similarity): string {
  return `translate(${fmt(t.tx)} ${fmt(t.ty)}) rotate(${fmt(t.rotateDeg)}) scale(${fmt(t.scale, 3)})`;
}

export function shapeContains(shape: Shape, p: Point): boolean {
  switch (shape.kind) {
    case 'capsule': {
      const { a, b, r } = shape;
      const abx = b.x - a.x;
      const aby = b.y - a.y;
      const len2 = abx * abx + aby * aby;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / len2));
      const dx = p.x - (a.x + t * abx);
      const dy = p.y - (a.y + t * aby);
      return dx * dx + dy * dy <= r * r;
    }
    case 'ellipse': {
      const dx = (p.x - shape.c.x) / shape.rx;
      const dy = (p.y - shape.c.y) / shape.ry;
      return dx * dx + dy * dy <= 1;
    }
    case 'polygon': {
      let inside = false;
      const pts = shape.points;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const pi = pts[i];
        const pj = pts[j];
        if (!pi || !pj) continue;
        if (pi.y > p.y !== pj.y > p.y && p.x < ((pj.x - pi.x) * (p.y - pi.y)) / (pj.y - pi.y) + pi.x) inside = !inside;
      }
      return inside;
    }
  }
}

/** Axis-aligned bounding box of a w×h rectangle centred at (cx, cy) and rotated by deg. */
export function rotatedRectBounds(cx: number, cy: number, w: number, h: number, deg: number) {
  const rad = (deg * Math.PI) / 180;
  const hw = (Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad))) / 2;
  const hh = (Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad))) / 2;
  return { left: cx - hw, top: cy - hh, right: cx + hw, bottom: cy + hh };
}

/** Short decimal for SVG attributes: keeps the document small and parsing cheap. */
export function fmt(n: number, digits = 1): string {
  const f = 10 ** digits;
  return String(Math.round(n * f) / f);
}

export function shapeSvg(shape: Shape, fill: string, extra = ''): string {
  switch (shape.kind) {
    case 'capsule':
      return `<path d="M${fmt(shape.a.x, 4)} ${fmt(shape.a.y, 4)}L${fmt(shape.b.x, 4)} ${fmt(shape.b.y, 4)}" stroke="${fill}" stroke-width="${fmt(shape.r * 2, 4)}" stroke-linecap="round"${extra}/>`;
    case 'ellipse':
      return `<ellipse cx="${fmt(shape.c.x, 4)}" cy="${fmt(shape.c.y, 4)}" rx="${fmt(shape.rx, 4)}" ry="${fmt(shape.ry, 4)}" fill="${fill}"${extra}/>`;
    case 'polygon':
      return `<path d="M${shape.points.map((p) => `${fmt(p.x, 4)} ${fmt(p.y, 4)}`).join('L')}Z" fill="${fill}"${extra}/>`;
  }
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
