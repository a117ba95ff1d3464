/**
 * Turns a frame plan into one SVG document plus its ground truth. Ground truth is
 * computed from the same geometry that is painted: bib boxes from the rotated bib
 * rectangle, occlusion from digit sample points tested against everything drawn later.
 */
import { backdropSvg, type Backdrop } from './backdrop.js';
import { bibBounds, bibSvg, digitHeight, digitSamplePoints, layoutBib, type BibLayout } from './bib.js';
import { makeCamera, project, type Camera } from './camera.js';
import { buildFigure, type Figure } from './figure.js';
import { GRAIN_TILE } from './grain.js';
import { applySimilarity, fmt, invertSimilarity, shapeContains, similarityTransformAttr, type Point, type Similarity } from './geometry.js';
import type { RunnerInFrame } from './runner.js';

export interface FramePlan {
  width: number;
  height: number;
  eventName: string;
  year: number;
  backdrop: Backdrop;
  runners: RunnerInFrame[];
  light: Lighting;
}

/**
 * Photo-like variation. Exposure, white balance and vignette are flat or linear-gradient
 * overlays because librsvg paints those almost for free, while radial gradients, SVG
 * filters and sharp's float ops (linear, modulate) each cost 10–40 ms per frame.
 */
export interface Lighting {
  /** -0.15 (under-exposed: black veil) .. +0.12 (hazy: white veil). */
  exposure: number;
  /** -1 cool .. +1 warm, applied as a faint tinted veil. */
  warmth: number;
  /** Darkening at the frame edges, 0 for none. */
  vignette: number;
  /** Gaussian blur sigma in pixels (focus / motion softness); 0 for none, below 0.6 has no effect. */
  blur: number;
  /** Opacity of the sensor grain overlay, 0 for none. */
  grain: number;
}

export interface BibTruth {
  bib: string;
  box: { x: number; y: number; width: number; height: number };
  occluded: boolean;
  /** Share of digit sample points hidden (0..1); used to reject unreadable placements. */
  hidden: number;
  /** Digit height in pixels, for reporting scale. */
  digitHeight: number;
}

interface Placed {
  runner: RunnerInFrame;
  figure: Figure;
  transform: Similarity;
  layout: BibLayout | null;
}

export function frameCamera(plan: FramePlan): Camera {
  return makeCamera(plan.width, plan.height, plan.backdrop.horizonFrac, plan.backdrop.vanishFrac);
}

/** Where a runner stands in the image: feet on the road at their distance and lateral offset. */
export function runnerTransform(cam: Camera, r: RunnerInFrame): Similarity {
  const feet = project(cam, r.lateral, 0, r.distance);
  return { tx: feet.x, ty: feet.y, scale: (cam.focal * r.identity.stature) / r.distance, rotateDeg: r.lean };
}

export function bibLayoutFor(cam: Camera, r: RunnerInFrame, figure: Figure): BibLayout {
  const t = runnerTransform(cam, r);
  const chest = applySimilarity(t, figure.chest);
  return layoutBib(r.identity.bib, r.identity.bibStyle, chest, t.scale, r.lean + r.identity.bibStyle.tilt);
}

function placeRunners(plan: FramePlan, cam: Camera): Placed[] {
  // Far runners first so nearer ones paint over them.
  const ordered = [...plan.runners].sort((a, b) => b.distance - a.distance);
  return ordered.map((runner) => {
    const figure = buildFigure(runner.identity.look, runner.pose);
    const transform = runnerTransform(cam, runner);
    const layout = runner.pose.facing === 'front' ? bibLayoutFor(cam, runner, figure) : null;
    return { runner, figure, transform, layout };
  });
}

/** `grainUri` is the tile from grain.ts; without it the grain overlay is skipped. */
export function composeSvg(plan: FramePlan, grainUri?: string): string {
  const cam = frameCamera(plan);
  const placed = placeRunners(plan, cam);
  const body: string[] = [backdropSvg(plan.backdrop, cam, plan.eventName)];
  for (const p of placed) {
    const g = `<g transform="${similarityTransformAttr(p.transform)}">`;
    body.push(`${g}${p.figure.behindSvg}</g>`);
    if (p.layout) body.push(bibSvg(p.runner.identity.bib, p.runner.identity.bibStyle, p.layout, plan.eventName, plan.year));
    body.push(`${g}${p.figure.frontSvg}</g>`);
  }
  body.push(lightingSvg(plan.width, plan.height, plan.light));
  if (grainUri && plan.light.grain > 0) body.push(grainSvg(plan.width, plan.height, plan.light.grain, grainUri));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${plan.width}" height="${plan.height}" viewBox="0 0 ${plan.width} ${plan.height}">${body.join('')}</svg>`;
}

function grainSvg(w: number, h: number, opacity: number, uri: string): string {
  return (
    `<defs><pattern id="grain" width="${GRAIN_TILE}" height="${GRAIN_TILE}" patternUnits="userSpaceOnUse"><image width="${GRAIN_TILE}" height="${GRAIN_TILE}" href="${uri}"/></pattern></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#grain)" fill-opacity="${fmt(opacity, 2)}"/>`
  );
}

function lightingSvg(w: number, h: number, light: Lighting): string {
  const out: string[] = [];
  if (light.exposure !== 0) {
    const veil = light.exposure < 0 ? '#000' : '#fff';
    out.push(`<rect width="${w}" height="${h}" fill="${veil}" fill-opacity="${fmt(Math.abs(light.exposure), 3)}"/>`);
  }
  if (light.warmth !== 0) {
    out.push(`<rect width="${w}" height="${h}" fill="${light.warmth > 0 ? '#ff9a3c' : '#3c7dff'}" fill-opacity="${fmt(Math.abs(light.warmth) * 0.08, 3)}"/>`);
  }
  if (light.vignette > 0) {
    const o = fmt(light.vignette, 2);
    const grad = (id: string, x1: number, y1: number, x2: number, y2: number): string =>
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="#000" stop-opacity="${o}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>`;
    const bx = Math.round(w * 0.22);
    const by = Math.round(h * 0.22);
    out.push(
      `<defs>${grad('vl', 0, 0, 1, 0)}${grad('vr', 1, 0, 0, 0)}${grad('vt', 0, 0, 0, 1)}${grad('vb', 0, 1, 0, 0)}</defs>`,
      `<rect width="${bx}" height="${h}" fill="url(#vl)"/><rect x="${w - bx}" width="${bx}" height="${h}" fill="url(#vr)"/>`,
      `<rect width="${w}" height="${by}" fill="url(#vt)"/><rect y="${h - by}" width="${w}" height="${by}" fill="url(#vb)"/>`,
    );
  }
  return out.join('');
}

/**
 * Ground truth for every front-facing runner, including bibs that are partly off-frame
 * (`inFrame` false); planners use that to move runners before rendering.
 */
export function computeTruth(plan: FramePlan): Array<BibTruth & { inFrame: boolean }> {
  const placed = placeRunners(plan, frameCamera(plan));
  const truth: Array<BibTruth & { inFrame: boolean }> = [];
  placed.forEach((p, index) => {
    if (!p.layout) return;
    const covers = (pt: Point): boolean => {
      if (pt.x < 0 || pt.y < 0 || pt.x >= plan.width || pt.y >= plan.height) return true;
      const own = invertSimilarity(p.transform, pt);
      if (p.figure.frontShapes.some((s) => shapeContains(s, own))) return true;
      for (const q of placed.slice(index + 1)) {
        const local = invertSimilarity(q.transform, pt);
        if (q.figure.allShapes.some((s) => shapeContains(s, local))) return true;
      }
      return false;
    };
    const cells = digitSamplePoints(p.runner.identity.bib, p.runner.identity.bibStyle, p.layout);
    let hiddenPoints = 0;
    let total = 0;
    let occluded = false;
    for (const cell of cells) {
      for (const pt of cell) {
        total++;
        if (covers(pt)) {
          hiddenPoints++;
          occluded = true;
        }
      }
    }
    const b = bibBounds(p.layout);
    const left = Math.max(0, Math.floor(b.left));
    const top = Math.max(0, Math.floor(b.top));
    const right = Math.min(plan.width, Math.ceil(b.right));
    const bottom = Math.min(plan.height, Math.ceil(b.bottom));
    if (right <= left || bottom <= top) return;
    truth.push({
      inFrame: b.left >= 0 && b.top >= 0 && b.right <= plan.width && b.bottom <= plan.height,
      bib: p.runner.identity.bib,
      box: { x: left, y: top, width: right - left, height: bottom - top },
      occluded,
      hidden: total === 0 ? 0 : hiddenPoints / total,
      digitHeight: digitHeight(p.layout),
    });
  });
  return truth;
}
