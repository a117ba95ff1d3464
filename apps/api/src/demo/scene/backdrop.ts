/**
 * Everything behind the runners: sky, skyline or trees, the road in perspective, barriers,
 * spectators and sometimes a finish arch. It depends only on the backdrop plan, so a
 * series shot from one spot keeps the same background.
 */
import { project, pxPerMetre, type Camera } from './camera.js';
import { escapeXml, fmt } from './geometry.js';
import { BAND_COLOURS, HAIR_COLOURS, SHIRT_COLOURS, SKIN_TONES, SPONSORS, shade } from './palette.js';
import { createRng, type Rng } from './prng.js';

export type Setting = 'city' | 'park' | 'trail';

export interface Backdrop {
  setting: Setting;
  seed: number;
  horizonFrac: number;
  vanishFrac: number;
  sky: readonly [string, string];
  arch: boolean;
  finishLine: boolean;
  /** Distance of spectators: more of them and nearer for a big city race. */
  crowd: number;
}

const SKIES: ReadonlyArray<readonly [string, string]> = [
  ['#5d9be0', '#cfe3f5'],
  ['#7fb2e6', '#e6eff7'],
  ['#9aa7b4', '#dfe3e6'],
  ['#6d8fb8', '#f3dcc0'],
  ['#b8c4cf', '#eef1f3'],
];

export function planBackdrop(rng: Rng): Backdrop {
  const setting = rng.pick(['city', 'city', 'park', 'trail'] as const);
  return {
    setting,
    seed: rng.int(1, 2 ** 31),
    horizonFrac: rng.range(0.4, 0.47),
    vanishFrac: rng.range(0.3, 0.7),
    sky: rng.pick(SKIES),
    arch: setting !== 'trail' && rng.chance(0.45),
    finishLine: setting !== 'trail' && rng.chance(0.5),
    crowd: setting === 'trail' ? rng.range(0.2, 0.5) : rng.range(0.6, 1),
  };
}

export function backdropSvg(plan: Backdrop, cam: Camera, eventName: string): string {
  const rng = createRng(plan.seed);
  const { width: W, height: H, horizon } = cam;
  const u = Math.max(W, H) / 1600;
  const out: string[] = [];
  out.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${plan.sky[0]}"/><stop offset="1" stop-color="${plan.sky[1]}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${fmt(horizon + 2)}" fill="url(#sky)"/>`,
  );
  out.push(plan.setting === 'city' ? skyline(rng, cam, u) : treeLine(rng, cam, u, plan.setting === 'trail'));

  // Ground on both sides of the road.
  const ground = plan.setting === 'city' ? '#a9a59c' : plan.setting === 'park' ? '#6f9a4a' : '#7d8f4c';
  out.push(`<rect y="${fmt(horizon)}" width="${W}" height="${fmt(H - horizon)}" fill="${ground}"/>`);
  if (plan.setting !== 'city') out.push(grassTexture(rng, cam, ground));

  // The road or trail.
  const roadColour = plan.setting === 'trail' ? '#a88a63' : rng.pick(['#5b5d61', '#66676a', '#505256']);
  const half = plan.setting === 'trail' ? 2.6 : 4;
  out.push(poly([project(cam, -half, 0, 600), project(cam, half, 0, 600), project(cam, half, 0, 0.8), project(cam, -half, 0, 0.8)], roadColour));
  if (plan.setting === 'trail') {
    out.push(poly([project(cam, -0.9, 0, 600), project(cam, 0.7, 0, 600), project(cam, 1.1, 0, 0.8), project(cam, -1.3, 0, 0.8)], shade(roadColour, 1.12)));
  } else {
    // Edge lines and a dashed centre line.
    for (const side of [-1, 1]) {
      out.push(poly([project(cam, side * (half - 0.3), 0, 600), project(cam, side * (half - 0.18), 0, 600), project(cam, side * (half - 0.18), 0, 0.8), project(cam, side * (half - 0.3), 0, 0.8)], '#e8e8e0'));
    }
    const dashes: string[] = [];
    for (let z = 1.5; z < 160; z += 9) dashes.push(quad(project(cam, -0.07, 0, z), project(cam, 0.07, 0, z), project(cam, 0.07, 0, z + 4.5), project(cam, -0.07, 0, z + 4.5)));
    out.push(`<path d="${dashes.join('')}" fill="#e4e2d6"/>`);
  }
  if (plan.finishLine) {
    const z = rng.range(3.2, 5);
    out.push(poly([project(cam, -half, 0, z), project(cam, half, 0, z), project(cam, half, 0, z + 0.6), project(cam, -half, 0, z + 0.6)], rng.pick(['#1d4ed8', '#f5f5f5', '#dc2626'])));
  }

  // Spectators behind the barriers, far first.
  const people: Array<{ x: number; z: number; side: number }> = [];
  const count = Math.round(70 * plan.crowd);
  for (let i = 0; i < count; i++) {
    const side = rng.chance(0.5) ? -1 : 1;
    people.push({ side, x: side * rng.range(half + 0.9, half + 3.2), z: 5 + 90 * rng.next() ** 1.6 });
  }
  people.sort((a, b) => b.z - a.z);
  for (const p of people) out.push(spectator(rng, cam, p.x, p.z));

  out.push(plan.setting === 'trail' ? tapeLine(cam, half + 0.5) : barriers(rng, cam, half + 0.5));
  if (plan.arch) out.push(arch(rng, cam, half + 0.7, eventName));
  return out.join('');
}

function quad(a: { x: number; y: number }, b: { x: number; y: number }, c: { x: number; y: number }, d: { x: number; y: number }): string {
  return `M${fmt(a.x)} ${fmt(a.y)}L${fmt(b.x)} ${fmt(b.y)}L${fmt(c.x)} ${fmt(c.y)}L${fmt(d.x)} ${fmt(d.y)}Z`;
}

function poly(points: Array<{ x: number; y: number }>, fill: string, extra = ''): string {
  return `<path d="M${points.map((p) => `${fmt(p.x)} ${fmt(p.y)}`).join('L')}Z" fill="${fill}"${extra}/>`;
}

function skyline(rng: Rng, cam: Camera, u: number): string {
  const out: string[] = [];
  const base = cam.horizon + 4 * u;
  // A window grid as a pattern: one element per building instead of hundreds of rects.
  out.push(
    `<defs><pattern id="win" width="${fmt(14 * u)}" height="${fmt(18 * u)}" patternUnits="userSpaceOnUse"><rect x="${fmt(4 * u)}" y="${fmt(5 * u)}" width="${fmt(6 * u)}" height="${fmt(8 * u)}" fill="#3d4a5a" fill-opacity="0.55"/></pattern></defs>`,
  );
  for (const layer of [0, 1]) {
    let x = -rng.range(0, 60) * u;
    while (x < cam.width) {
      const w = rng.range(70, 220) * u;
      const h = (layer === 0 ? rng.range(140, 330) : rng.range(60, 200)) * u;
      const colour = layer === 0 ? rng.pick(['#b9bcc2', '#c9c2b5', '#a9b2bd', '#d4cfc6']) : rng.pick(['#8e8a84', '#b08b6e', '#9a9fa6', '#c4b59c', '#7f8790']);
      out.push(`<rect x="${fmt(x)}" y="${fmt(base - h)}" width="${fmt(w)}" height="${fmt(h)}" fill="${colour}"/>`);
      if (rng.chance(0.8)) out.push(`<rect x="${fmt(x + 6 * u)}" y="${fmt(base - h + 10 * u)}" width="${fmt(w - 12 * u)}" height="${fmt(h - 14 * u)}" fill="url(#win)"/>`);
      x += w + rng.range(0, 30) * u * layer;
    }
  }
  // Street trees in front of the buildings.
  out.push(treeClumps(rng, cam, u, 0.5, ['#4c6b35', '#5d7d3f', '#3f5c2c']));
  return out.join('');
}

function treeLine(rng: Rng, cam: Camera, u: number, hills: boolean): string {
  const out: string[] = [];
  if (hills) {
    const pts: string[] = [`M0 ${fmt(cam.horizon)}`];
    for (let x = 0; x <= cam.width + 200 * u; x += 200 * u) pts.push(`Q${fmt(x + 100 * u)} ${fmt(cam.horizon - rng.range(60, 200) * u)} ${fmt(x + 200 * u)} ${fmt(cam.horizon - rng.range(20, 90) * u)}`);
    out.push(`<path d="${pts.join('')}L${fmt(cam.width + 400 * u)} ${fmt(cam.horizon + 2)}L0 ${fmt(cam.horizon + 2)}Z" fill="#8ea58a"/>`);
  }
  out.push(treeClumps(rng, cam, u, 1, ['#2f5a2a', '#3b6b30', '#4a7a38', '#27492a']));
  return out.join('');
}

function treeClumps(rng: Rng, cam: Camera, u: number, density: number, greens: readonly string[]): string {
  const byColour = new Map<string, string[]>();
  const trunks: string[] = [];
  for (let x = -40 * u; x < cam.width + 40 * u; x += rng.range(40, 110) * u / density) {
    if (rng.chance(1 - density)) continue;
    const r = rng.range(35, 80) * u;
    const top = cam.horizon - r * rng.range(1.4, 2.4);
    trunks.push(`M${fmt(x - r * 0.08)} ${fmt(top + r)}h${fmt(r * 0.16)}V${fmt(cam.horizon + 4 * u)}h${fmt(-r * 0.16)}Z`);
    for (let k = 0; k < 3; k++) {
      const colour = rng.pick(greens);
      const cx = x + rng.range(-0.5, 0.5) * r;
      const cy = top + rng.range(-0.3, 0.5) * r;
      const rr = r * rng.range(0.65, 1);
      const list = byColour.get(colour) ?? [];
      list.push(`M${fmt(cx - rr)} ${fmt(cy)}a${fmt(rr)} ${fmt(rr)} 0 1 0 ${fmt(2 * rr)} 0a${fmt(rr)} ${fmt(rr)} 0 1 0 ${fmt(-2 * rr)} 0`);
      byColour.set(colour, list);
    }
  }
  // One path per colour keeps the element count (and librsvg time) low.
  return `<path d="${trunks.join('')}" fill="#4a3a2a"/>` + [...byColour].map(([colour, d]) => `<path d="${d.join('')}" fill="${colour}"/>`).join('');
}

function grassTexture(rng: Rng, cam: Camera, ground: string): string {
  const d: string[] = [];
  for (let i = 0; i < 40; i++) {
    const y = cam.horizon + (cam.height - cam.horizon) * rng.next() ** 1.5;
    const w = (y - cam.horizon) * rng.range(0.5, 2);
    const x = rng.range(-w, cam.width);
    d.push(`M${fmt(x)} ${fmt(y)}h${fmt(w)}v${fmt((y - cam.horizon) * 0.03 + 1)}h${fmt(-w)}Z`);
  }
  return `<path d="${d.join('')}" fill="${shade(ground, 0.85)}" fill-opacity="0.6"/>`;
}

function spectator(rng: Rng, cam: Camera, x: number, z: number): string {
  const k = pxPerMetre(cam, z);
  const tall = rng.range(1.55, 1.9);
  const feet = project(cam, x, 0, z);
  const s = k * tall;
  const skin = rng.pick(SKIN_TONES);
  const shirt = rng.pick(SHIRT_COLOURS);
  const cx = feet.x;
  const top = feet.y - s;
  const parts = [
    `<path d="M${fmt(cx - 0.03 * s)} ${fmt(top + 0.5 * s)}V${fmt(feet.y)}M${fmt(cx + 0.03 * s)} ${fmt(top + 0.5 * s)}V${fmt(feet.y)}" stroke="#2c2f36" stroke-width="${fmt(0.07 * s)}"/>`,
    `<rect x="${fmt(cx - 0.12 * s)}" y="${fmt(top + 0.14 * s)}" width="${fmt(0.24 * s)}" height="${fmt(0.4 * s)}" rx="${fmt(0.05 * s)}" fill="${shirt}"/>`,
  ];
  if (rng.chance(0.3)) {
    // Cheering: one arm up.
    const side = rng.chance(0.5) ? -1 : 1;
    parts.push(`<path d="M${fmt(cx + side * 0.1 * s)} ${fmt(top + 0.2 * s)}L${fmt(cx + side * 0.2 * s)} ${fmt(top - 0.05 * s)}" stroke="${skin}" stroke-width="${fmt(0.05 * s)}" stroke-linecap="round"/>`);
  }
  parts.push(`<circle cx="${fmt(cx)}" cy="${fmt(top + 0.07 * s)}" r="${fmt(0.07 * s)}" fill="${skin}"/>`);
  if (rng.chance(0.8)) parts.push(`<path d="M${fmt(cx - 0.072 * s)} ${fmt(top + 0.07 * s)}a${fmt(0.072 * s)} ${fmt(0.072 * s)} 0 0 1 ${fmt(0.144 * s)} 0Z" fill="${rng.pick(HAIR_COLOURS)}"/>`);
  return parts.join('');
}

function barriers(rng: Rng, cam: Camera, x: number): string {
  const colours = rng.chance(0.5) ? ['#c8ccd2', '#b4b9c0'] : [rng.pick(BAND_COLOURS), '#f5f5f5'];
  const sponsor = rng.pick(SPONSORS);
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const byColour: string[][] = [[], []];
    let i = 0;
    for (let z = 140; z > 1.2; z -= 2.4, i++) {
      const z2 = z - 2.3;
      byColour[i % 2]?.push(quad(project(cam, side * x, 1.05, z), project(cam, side * x, 1.05, z2), project(cam, side * x, 0.05, z2), project(cam, side * x, 0.05, z)));
    }
    byColour.forEach((d, c) => out.push(`<path d="${d.join('')}" fill="${colours[c]}"/>`));
    // Top rail.
    out.push(poly([project(cam, side * x, 1.1, 140), project(cam, side * x, 1.1, 1.2), project(cam, side * x, 0.98, 1.2), project(cam, side * x, 0.98, 140)], '#6b7078'));
    // Sponsor name on one near panel, sheared to follow the barrier.
    const z = 9 + rng.range(0, 6);
    const a = project(cam, side * x, 0.55, z);
    const k = pxPerMetre(cam, z);
    if (a.x > 0 && a.x < cam.width) {
      out.push(`<text x="${fmt(a.x)}" y="${fmt(a.y + 0.15 * k)}" font-family="DejaVu Sans" font-weight="bold" font-size="${fmt(0.28 * k)}" fill="#1f2937" fill-opacity="0.75" text-anchor="middle" transform="rotate(${fmt(side * -12)} ${fmt(a.x)} ${fmt(a.y)})">${escapeXml(sponsor)}</text>`);
    }
  }
  return out.join('');
}

function tapeLine(cam: Camera, x: number): string {
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const poles: string[] = [];
    for (let z = 2; z < 90; z += 6) {
      const a = project(cam, side * x, 0, z);
      const b = project(cam, side * x, 1, z);
      poles.push(`M${fmt(a.x)} ${fmt(a.y)}L${fmt(b.x)} ${fmt(b.y)}`);
    }
    out.push(`<path d="${poles.join('')}" stroke="#e8e2d0" stroke-width="${fmt(pxPerMetre(cam, 20) * 0.05 + 1)}"/>`);
    out.push(poly([project(cam, side * x, 1, 90), project(cam, side * x, 1, 1.5), project(cam, side * x, 0.93, 1.5), project(cam, side * x, 0.93, 90)], '#e23b2e'));
  }
  return out.join('');
}

function arch(rng: Rng, cam: Camera, x: number, eventName: string): string {
  const z = rng.range(22, 40);
  const colour = rng.pick(BAND_COLOURS);
  const k = pxPerMetre(cam, z);
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const a = project(cam, side * x, 4.6, z);
    const b = project(cam, side * x, 0, z);
    out.push(`<rect x="${fmt(a.x - 0.45 * k)}" y="${fmt(a.y)}" width="${fmt(0.9 * k)}" height="${fmt(b.y - a.y)}" rx="${fmt(0.4 * k)}" fill="${colour}"/>`);
  }
  const tl = project(cam, -x, 4.6, z);
  const br = project(cam, x, 3.6, z);
  out.push(`<rect x="${fmt(tl.x)}" y="${fmt(tl.y)}" width="${fmt(br.x - tl.x)}" height="${fmt(br.y - tl.y)}" rx="${fmt(0.4 * k)}" fill="${colour}"/>`);
  const label = `${eventName.toUpperCase()} · FINISH`;
  const size = Math.min(0.6 * k, ((br.x - tl.x) * 0.9) / (label.length * 0.62));
  out.push(`<text x="${fmt((tl.x + br.x) / 2)}" y="${fmt((tl.y + br.y) / 2 + size * 0.36)}" font-family="DejaVu Sans" font-weight="bold" font-size="${fmt(size)}" fill="#ffffff" text-anchor="middle">${escapeXml(label)}</text>`);
  return out.join('');
}
