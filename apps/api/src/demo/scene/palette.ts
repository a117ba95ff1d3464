/** Colour and font palettes the scene draws from. */

export const SKIN_TONES = [
  '#f7dcc8', '#efc6a8', '#e2b08c', '#d39b74', '#c08360', '#a66c48', '#8b5636', '#6f4128', '#553020', '#3f2318',
] as const;

export const HAIR_COLOURS = [
  '#161210', '#2b1d14', '#3e2a1c', '#5b3b22', '#7f5532', '#a87b45', '#cfae72', '#8c8c8c', '#6e2d1c',
] as const;

export const SHIRT_COLOURS = [
  '#d62828', '#1d4ed8', '#facc15', '#84cc16', '#f97316', '#ec4899', '#7c3aed', '#0d9488', '#f5f5f5',
  '#1f2937', '#0ea5e9', '#9ca3af', '#16a34a', '#be123c', '#1e3a8a', '#22d3ee',
] as const;

export const SHORTS_COLOURS = ['#111111', '#1f2937', '#1e293b', '#374151', '#7f1d1d', '#0f2a5a', '#3f3f46'] as const;

export const SHOE_COLOURS = ['#f4f4f5', '#111827', '#f97316', '#a3e635', '#2563eb', '#e11d48', '#fde047', '#9ca3af'] as const;

export const CAP_COLOURS = ['#ffffff', '#111111', '#dc2626', '#2563eb', '#f59e0b', '#10b981'] as const;

/** Bib paper: white or light tints, which is what real bibs are printed on. */
export const BIB_PAPERS = ['#ffffff', '#fbfbf7', '#f4f4f0', '#fff7cc', '#e8f1ff', '#ffe9ee', '#eaf8e4', '#fdf0e0'] as const;

/** Number inks: dark enough to contrast with any paper above. */
export const BIB_INKS = ['#111111', '#1a1a1a', '#0b1f5c', '#102a83', '#b3121b', '#0b4d2a', '#3b0f66'] as const;

export const BAND_COLOURS = ['#1d4ed8', '#dc2626', '#0f766e', '#f97316', '#7c3aed', '#111827', '#be185d', '#15803d'] as const;

export const SPONSORS = ['ACME SPORTS', 'RUNWAY', 'CITYBANK', 'FRESHWATER', 'NORDIC ENERGY', 'VELOX', 'MEDICARE+', 'SUNDROP'] as const;

export interface BibFont {
  family: string;
  /** Digit advance width as a fraction of the font size (measured with librsvg). */
  digitAdvance: number;
}

/** DejaVu families from Debian's fonts-dejavu-core / fonts-dejavu-extra, all used in bold. */
export const BIB_FONTS: readonly BibFont[] = [
  { family: 'DejaVu Sans', digitAdvance: 0.696 },
  { family: 'DejaVu Sans Condensed', digitAdvance: 0.627 },
  { family: 'DejaVu Serif', digitAdvance: 0.696 },
  { family: 'DejaVu Sans Mono', digitAdvance: 0.603 },
  { family: 'DejaVu Serif Condensed', digitAdvance: 0.626 },
];

/** Digit ink spans from 0.76 em above the baseline to just below it in every DejaVu face. */
export const DIGIT_ASCENT = 0.76;

export const CAMERAS = [
  { make: 'Canon', model: 'Canon EOS R6' },
  { make: 'NIKON CORPORATION', model: 'NIKON Z 6_2' },
  { make: 'SONY', model: 'ILCE-7M4' },
  { make: 'FUJIFILM', model: 'X-T4' },
] as const;

/** Scales a #rrggbb colour towards black (factor < 1) or white (factor > 1). */
export function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number): number => {
    const c = (n >> shift) & 0xff;
    const v = factor <= 1 ? c * factor : c + (255 - c) * (factor - 1);
    return Math.max(0, Math.min(255, Math.round(v)));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}
