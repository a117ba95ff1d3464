import { describe, expect, it } from 'vitest';
import { markNumbers, NUMBER_MARK, numbersInSight } from './bib-visibility.js';

const number = (x: number, text: string) =>
  `<text x="${x}" y="150" font-family="DejaVu Sans" font-weight="bold" font-size="100" fill="#111111" ${NUMBER_MARK}>${text}</text>`;

describe('numbersInSight', () => {
  it('measures how much of each number the shapes drawn over it leave in sight', async () => {
    const runners = markNumbers([
      // Untouched: only the paper under it and a stroke around the paper.
      `<rect x="10" y="40" width="280" height="140" fill="#fbfbf8" stroke="#cfcfcf"/>${number(30, '4821')}`,
      // Its right half under an arm drawn after it.
      `${number(330, '4821')}<rect x="460" y="40" width="200" height="140" fill="#c68642"/>`,
      // Entirely behind a nearer runner.
      `${number(630, '77')}<rect x="600" y="20" width="200" height="180" fill="#1b1b1b"/>`,
    ]);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="820" height="220"><rect width="820" height="220" fill="hsl(200, 40%, 60%)"/>${runners.join('')}</svg>`;
    const [whole, half, hidden] = await numbersInSight(svg, 3);
    expect(whole).toBe(1);
    expect(half).toBeGreaterThan(0.3);
    expect(half).toBeLessThan(0.7);
    expect(hidden).toBe(0);
  });
});
