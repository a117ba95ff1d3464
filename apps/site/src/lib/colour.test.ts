import { DEFAULT_THEME_COLOUR } from '@eventsite/contract/constants';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn, textOn, themeColour, themeVariables } from './colour';

describe('themeColour', () => {
  it('keeps a valid hex colour, expanded to six digits', () => {
    expect(themeColour('#ff5733')).toBe('#FF5733');
    expect(themeColour('#abc')).toBe('#AABBCC');
  });

  it.each([['red'], ['#12345'], ['#GGGGGG'], ['red;}body{display:none'], ['url(javascript:x)'], [''], [null], [undefined], [42]])(
    'falls back to the default #2E6F40 for %j',
    (value) => {
      expect(themeColour(value)).toBe(DEFAULT_THEME_COLOUR);
      expect(DEFAULT_THEME_COLOUR).toBe('#2E6F40');
    },
  );

  it('falls back to the given default', () => {
    expect(themeColour('nope', '#FF5733')).toBe('#FF5733');
  });
});

describe('text on the theme colour', () => {
  it('is white on dark colours and black on light ones', () => {
    expect(textOn('#2E6F40')).toBe('#FFFFFF');
    expect(textOn('#FFD400')).toBe('#000000');
    expect(textOn('#FF5733')).toBe('#000000');
  });

  it.each([['#2E6F40'], ['#FFD400'], ['#FF5733'], ['#777777'], ['#0000FF'], ['#00FF00']])('reads at 4.5:1 at least on %s', (c) => {
    expect(contrastRatio(c, textOn(c))).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens a light brand colour until it reads as text on white', () => {
    const ink = readableOn('#FFD400');
    expect(contrastRatio(ink, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(readableOn('#2E6F40')).toBe('#2E6F40');
  });

  it('gives every CSS variable from the validated colour only', () => {
    const vars = themeVariables('red;}body{');
    expect(vars['--theme']).toBe('#2E6F40');
    expect(Object.values(vars).every((v) => /^#[0-9A-F]{6}$/.test(v))).toBe(true);
  });
});

describe('themeVariables', () => {
  it.each([['#FFD400'], ['#FF5733'], ['#2E6F40'], ['#00FFFF']])('keeps brand-coloured text readable on white and on the canvas for %s', (c) => {
    const ink = themeVariables(c)['--theme-ink']!;
    expect(contrastRatio(ink, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ink, '#F6F7F9')).toBeGreaterThanOrEqual(4.5);
  });
});
