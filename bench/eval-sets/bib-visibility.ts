/**
 * How much of each bib's number the photo shows, measured on the drawing itself rather than
 * guessed from where arms and runners were placed: a nearer runner's body, a shoulder or a
 * swinging arm may cover digits wherever the scene put them.
 *
 * The scene's SVG is drawn twice more, flat: once with every shape in black and each number in a
 * colour of its own (what stays in sight), once with the numbers alone (what was printed). A
 * number's share in sight is its pixels of exactly its colour in the first over those in the
 * second; only pixels the glyph covers fully are counted, so anti-aliased edges weigh nothing.
 */
import sharp from 'sharp';

/** Marks the fill of a bib's number in a runner's SVG: `fill="…" data-number="?"`, numbered by the scene. */
export const NUMBER_MARK = 'data-number="?"';

/** A colour per number: full green, so that only pixels fully inside a glyph match exactly. */
const colourOf = (index: number) => `rgb(${8 + index * 24},255,0)`;

/** The runners' SVGs with their numbers marked by index (`NUMBER_MARK` replaced). */
export function markNumbers(svgs: readonly string[]): string[] {
  return svgs.map((svg, i) => svg.replace(NUMBER_MARK, `data-number="${i}"`));
}

async function countColours(svg: string, count: number): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: false })
    .flatten({ background: '#000000' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Array<number>(count).fill(0);
  for (let p = 0; p < data.length; p += info.channels) {
    if (data[p + 1] !== 255 || data[p + 2] !== 0) continue;
    const index = (data[p]! - 8) / 24;
    if (Number.isInteger(index) && index >= 0 && index < count) counts[index]!++;
  }
  return counts;
}

/**
 * The share (0..1) of each marked number (`data-number="i"`, i < count) in sight in the scene
 * `svg`. A number with no pixel at all (too small to fill one) counts as fully in sight.
 */
export async function numbersInSight(svg: string, count: number): Promise<number[]> {
  const flat = (other: string) =>
    svg
      .replace(/fill="[^"]*"/g, `fill="${other}"`)
      .replace(/stroke="[^"]*"/g, `stroke="${other}"`)
      .replace(
        /fill="[^"]*" data-number="(\d+)"/g,
        (_, i: string) => `fill="${colourOf(Number(i))}" data-number="${i}"`,
      );
  const [shown, printed] = await Promise.all([
    countColours(flat('#000000'), count),
    countColours(flat('none'), count),
  ]);
  return printed.map((n, i) => (n ? Math.min(1, shown[i]! / n) : 1));
}
