import { DEFAULT_THEME_COLOUR } from '@eventsite/contract/constants';
import { expandHex, readableOn, textOn, themeColour } from '@/lib/colour';

/**
 * The colours a template derives from the organiser's one theme colour, so every design reads as
 * the organiser's brand whatever colour they chose: a deep shade for backgrounds behind white
 * text, a pale tint for paper, and the brand colour made legible on each.
 */
export type Palette = {
  brand: string;
  /** Deep shade of the brand for backgrounds behind white text. */
  deep: string;
  /** Almost-black with the brand's hue, for type on paper. */
  ink: string;
  /** A pale tint for certificate paper. */
  paper: string;
  /** The brand colour, darkened if needed to be read on paper (4.5:1). */
  brandOnPaper: string;
  /** The brand colour, lightened if needed to be read on the deep shade. */
  brandOnDeep: string;
  /** Black or white, whichever reads on the brand colour (badge text). */
  onBrand: string;
};

function rgb(hex: string): [number, number, number] {
  const h = expandHex(hex).slice(1);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** `a` mixed towards `b` by t (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  return `#${ca
    .map((c, i) => Math.round(c + (cb[i]! - c) * t).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = rgb(hex);
  return `rgba(${r},${g},${b},${Math.round(alpha * 1000) / 1000})`;
}

export function paletteFor(colour: string | undefined): Palette {
  const brand = themeColour(colour, DEFAULT_THEME_COLOUR);
  const deep = mix(brand, '#000000', 0.62);
  const paper = mix(brand, '#FFFFFF', 0.94);
  return {
    brand,
    deep,
    ink: mix(brand, '#000000', 0.85),
    paper,
    brandOnPaper: readableOn(brand, paper),
    brandOnDeep: readableOn(brand, deep),
    onBrand: textOn(brand),
  };
}
