import { DEFAULT_THEME_COLOUR, HEX_COLOUR } from '@eventsite/contract/constants';

/** A colour safe to place in CSS: a hex colour from the contract's pattern, or the fallback. */
export function themeColour(value: unknown, fallback: string = DEFAULT_THEME_COLOUR): string {
  return typeof value === 'string' && HEX_COLOUR.test(value.trim()) ? expandHex(value.trim()) : fallback;
}

/** `#abc` becomes `#AABBCC`, so every later step works on six digits. */
export function expandHex(hex: string): string {
  const digits = hex.slice(1);
  const six = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${six.toUpperCase()}`;
}

function channels(hex: string): [number, number, number] {
  const h = expandHex(hex).slice(1);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on the given background (always at least 4.5:1). */
export function textOn(background: string): '#000000' | '#FFFFFF' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#FFFFFF') ? '#000000' : '#FFFFFF';
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

/**
 * The theme colour darkened (or lightened) just enough to be read as text on `background`
 * with a 4.5:1 contrast: links and accents keep the brand's hue and stay legible.
 */
export function readableOn(colour: string, background = '#FFFFFF', ratio = 4.5): string {
  if (contrastRatio(colour, background) >= ratio) return expandHex(colour);
  const target: [number, number, number] = luminance(background) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  const start = channels(colour);
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed = toHex(start.map((c, i) => c + (target[i]! - c) * t) as [number, number, number]);
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  return toHex(target);
}

/** The page background behind cards (globals.css --canvas). */
const CANVAS = '#F6F7F9';

/** The CSS custom properties that carry an organiser's brand through the site. */
export function themeVariables(colour: string): Record<string, string> {
  const theme = themeColour(colour);
  return {
    '--theme': theme,
    '--on-theme': textOn(theme),
    // Against the page's canvas (#F6F7F9), the darkest surface text sits on: readable on white too.
    '--theme-ink': readableOn(theme, CANVAS),
  };
}
