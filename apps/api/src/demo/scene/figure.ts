/**
 * A stylised runner in local units: height 1, feet at y = 0, head towards y = -1.
 * Limbs are capsules so the hit test for occlusion uses exactly what is painted.
 */
import { shade } from './palette.js';
import { shapeSvg, type Point, type Shape } from './geometry.js';

export interface Appearance {
  skin: string;
  hair: string;
  hairStyle: 'short' | 'long' | 'bald' | 'cap';
  capColour: string;
  shirt: string;
  sleeves: boolean;
  shorts: string;
  shoes: string;
  socks: string;
  sunglasses: boolean;
  /** Width multiplier for torso and limbs, so not everyone has the same build. */
  build: number;
}

export interface Pose {
  /** +1: the runner's right leg (image left) carries the weight; -1: mirrored. */
  side: 1 | -1;
  /** 0..1: how high the swinging knee is lifted. */
  kneeLift: number;
  /** 0..1: how far the forward hand swings across the chest (1 covers part of the bib). */
  armCross: number;
  facing: 'front' | 'back';
}

export interface Figure {
  /** Painted before the bib. */
  behindSvg: string;
  /** Painted after the bib (the forward arm): the source of self-occlusion. */
  frontSvg: string;
  /** Shapes painted after the bib. */
  frontShapes: Shape[];
  /** Every body shape: what this runner hides of anything behind it. */
  allShapes: Shape[];
  /** Where the bib is pinned, in local units. */
  chest: Point;
  /** Torso width at chest height, in local units. */
  chestWidth: number;
}

interface Part {
  shape: Shape;
  fill: string;
}

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
const pt = (x: number, y: number): Point => ({ x, y });

export function buildFigure(look: Appearance, pose: Pose): Figure {
  const s = pose.side;
  const b = look.build;
  const far = shade(look.skin, 0.86); // limbs on the far side get a touch of shadow to read as depth
  const back: Part[] = [];
  const body: Part[] = [];

  // Legs: the support leg is nearly straight, the swinging one is foreshortened with the foot lifted.
  const hipS = pt(s * 0.05 * b, -0.47);
  const kneeS = pt(s * 0.062 * b, -0.255);
  const ankleS = pt(s * 0.056 * b, -0.04);
  const hipW = pt(-s * 0.05 * b, -0.47);
  const kneeW = pt(-s * 0.07 * b, lerp(-0.27, -0.35, pose.kneeLift));
  const ankleW = pt(-s * 0.085 * b, lerp(-0.07, -0.19, pose.kneeLift));
  const legs: Array<[Point, Point, Point, string]> = [
    [hipW, kneeW, ankleW, far],
    [hipS, kneeS, ankleS, look.skin],
  ];
  for (const [hip, knee, ankle, skin] of legs) {
    body.push({ shape: { kind: 'capsule', a: hip, b: knee, r: 0.043 * b }, fill: skin });
    body.push({ shape: { kind: 'capsule', a: knee, b: ankle, r: 0.034 * b }, fill: skin });
    body.push({ shape: { kind: 'capsule', a: pt(lerp(knee.x, ankle.x, 0.72), lerp(knee.y, ankle.y, 0.72)), b: ankle, r: 0.031 * b }, fill: look.socks });
  }
  body.push({ shape: { kind: 'ellipse', c: pt(ankleS.x, ankleS.y + 0.018), rx: 0.045, ry: 0.026 }, fill: look.shoes });
  body.push({ shape: { kind: 'ellipse', c: pt(ankleW.x, ankleW.y + 0.02), rx: 0.036, ry: 0.032 }, fill: shade(look.shoes, 0.85) });

  // Shorts over the top of the thighs.
  body.push({
    shape: {
      kind: 'polygon',
      points: [pt(-0.104 * b, -0.52), pt(0.104 * b, -0.52), pt(0.118 * b, -0.385), pt(0.012, -0.39), pt(0, -0.425), pt(-0.012, -0.39), pt(-0.118 * b, -0.385)],
    },
    fill: look.shorts,
  });

  // Arms: the arm on the swinging-leg side goes back (partly behind the torso), the other comes forward.
  const shoulderF = pt(s * 0.112 * b, -0.785);
  const elbowF = pt(s * 0.152 * b, -0.665);
  const handF = pt(lerp(s * 0.128 * b, -s * 0.01, pose.armCross), lerp(-0.725, -0.64, pose.armCross));
  const shoulderB = pt(-s * 0.112 * b, -0.785);
  const elbowB = pt(-s * 0.168 * b, -0.655);
  const handB = pt(-s * 0.152 * b, -0.575);
  const armBack: Part[] = [
    { shape: { kind: 'capsule', a: shoulderB, b: elbowB, r: 0.03 * b }, fill: far },
    { shape: { kind: 'capsule', a: elbowB, b: handB, r: 0.026 * b }, fill: far },
    { shape: { kind: 'ellipse', c: handB, rx: 0.024, ry: 0.027 }, fill: far },
  ];
  const armFront: Part[] = [
    { shape: { kind: 'capsule', a: shoulderF, b: elbowF, r: 0.03 * b }, fill: look.skin },
    { shape: { kind: 'capsule', a: elbowF, b: handF, r: 0.027 * b }, fill: look.skin },
    { shape: { kind: 'ellipse', c: handF, rx: 0.025, ry: 0.028 }, fill: shade(look.skin, 0.95) },
  ];
  if (look.sleeves) {
    const sleeve = (sh: Point, el: Point): Part => ({ shape: { kind: 'capsule', a: sh, b: pt(lerp(sh.x, el.x, 0.45), lerp(sh.y, el.y, 0.45)), r: 0.038 * b }, fill: look.shirt });
    armBack.splice(1, 0, sleeve(shoulderB, elbowB));
    armFront.splice(1, 0, sleeve(shoulderF, elbowF));
  }

  // Torso (the shirt) and a soft shadow down one side for volume.
  const torso: Shape = {
    kind: 'polygon',
    points: [
      pt(-0.04, -0.835), pt(0.04, -0.835), pt(0.118 * b, -0.81), pt(0.128 * b, -0.775), pt(0.1 * b, -0.6), pt(0.108 * b, -0.5),
      pt(-0.108 * b, -0.5), pt(-0.1 * b, -0.6), pt(-0.128 * b, -0.775), pt(-0.118 * b, -0.81),
    ],
  };
  const shadow: Shape = { kind: 'polygon', points: [pt(s * 0.06 * b, -0.81), pt(s * 0.118 * b, -0.81), pt(s * 0.128 * b, -0.775), pt(s * 0.1 * b, -0.6), pt(s * 0.108 * b, -0.5), pt(s * 0.07 * b, -0.5)] };

  // Head.
  const head: Shape = { kind: 'ellipse', c: pt(0, -0.915), rx: 0.057, ry: 0.07 };
  const headParts: Part[] = [];
  const headBehind: Part[] = [];
  if (look.hairStyle === 'long') headBehind.push({ shape: { kind: 'ellipse', c: pt(0, -0.895), rx: 0.071, ry: 0.085 }, fill: look.hair });
  headParts.push({ shape: { kind: 'capsule', a: pt(0, -0.87), b: pt(0, -0.81), r: 0.027 }, fill: far });
  headParts.push({ shape: { kind: 'ellipse', c: pt(-0.056, -0.91), rx: 0.012, ry: 0.02 }, fill: far });
  headParts.push({ shape: { kind: 'ellipse', c: pt(0.056, -0.91), rx: 0.012, ry: 0.02 }, fill: far });
  headParts.push({ shape: head, fill: look.skin });
  if (pose.facing === 'front') {
    if (look.sunglasses) {
      headParts.push({ shape: { kind: 'capsule', a: pt(-0.03, -0.922), b: pt(0.03, -0.922), r: 0.013 }, fill: '#141414' });
    } else {
      headParts.push({ shape: { kind: 'ellipse', c: pt(-0.022, -0.922), rx: 0.0075, ry: 0.0065 }, fill: '#1b1410' });
      headParts.push({ shape: { kind: 'ellipse', c: pt(0.022, -0.922), rx: 0.0075, ry: 0.0065 }, fill: '#1b1410' });
    }
    headParts.push({ shape: { kind: 'ellipse', c: pt(0, -0.872), rx: 0.014, ry: 0.007 }, fill: shade(look.skin, 0.55) });
  }
  const crown = (fill: string, drop: number): Part => ({
    shape: { kind: 'polygon', points: arcPoints(0, -0.915, 0.06, 0.076, drop) },
    fill,
  });
  if (pose.facing === 'back') {
    if (look.hairStyle !== 'bald') headParts.push({ shape: { kind: 'ellipse', c: pt(0, -0.918), rx: 0.058, ry: 0.071 }, fill: look.hair });
    if (look.hairStyle === 'cap') headParts.push(crown(look.capColour, 0.2));
  } else if (look.hairStyle === 'short' || look.hairStyle === 'long') {
    headParts.push(crown(look.hair, 0.35));
  } else if (look.hairStyle === 'cap') {
    headParts.push(crown(look.capColour, 0.3));
    headParts.push({ shape: { kind: 'ellipse', c: pt(0, -0.952), rx: 0.066, ry: 0.014 }, fill: shade(look.capColour, 0.8) });
  }

  const backParts = pose.facing === 'front' ? armBack : armFront;
  const frontParts = pose.facing === 'front' ? armFront : armBack;
  back.push(...headBehind, ...backParts);
  const bodyParts: Part[] = [...body, { shape: torso, fill: look.shirt }, { shape: shadow, fill: '#000' }, ...headParts];
  const paint = (parts: Part[]): string =>
    parts.map((p) => shapeSvg(p.shape, p.fill, p.shape === shadow ? ' fill-opacity="0.13"' : '')).join('');

  // Contact shadow on the road so runners stand on it rather than float.
  const groundShadow = '<ellipse cx="0" cy="0.004" rx="0.16" ry="0.022" fill="#000" fill-opacity="0.2"/>';
  return {
    behindSvg: groundShadow + paint(back) + paint(bodyParts),
    frontSvg: paint(frontParts),
    frontShapes: pose.facing === 'front' ? frontParts.map((p) => p.shape) : [],
    allShapes: [...back, ...bodyParts, ...frontParts].filter((p) => p.shape !== shadow).map((p) => p.shape),
    chest: pt(0, -0.655),
    chestWidth: 0.2 * b,
  };
}

/** Hair or cap: the top of the head down the sides to `drop` of its height below the centre line. */
function arcPoints(cx: number, cy: number, rx: number, ry: number, drop: number): Point[] {
  const points: Point[] = [];
  const start = Math.asin(Math.min(1, drop));
  for (let i = 0; i <= 10; i++) {
    const a = Math.PI - start + ((Math.PI + 2 * start) * i) / 10;
    points.push(pt(cx + rx * Math.cos(a), cy + ry * Math.sin(a)));
  }
  // Back along the hairline so the face stays visible.
  points.push(pt(cx + rx * 0.8, cy - ry * 0.42), pt(cx, cy - ry * 0.55), pt(cx - rx * 0.8, cy - ry * 0.42));
  return points;
}
