/** Where a text line sits relative to the others: the bib number is the largest print on its bib. */
import type { Box } from './geometry.js';

export interface PrintedLine {
  box: Box;
  /** Height of the print. */
  lineHeight: number;
}

/** A neighbour at least this much taller makes a line small print. */
export const SMALL_PRINT_RATIO = 1.5;

/**
 * A line right above or below a line at least 1.5 times taller, within its horizontal
 * extent (the year or a distance in the sponsor line, a wave label), or right beside one,
 * is small print, not a bib number. Distances are in the taller line's height, so the rule
 * scales with how close the runner is; a smaller bib of a runner further back, beside a near
 * runner's bib, is not caught by it.
 */
export function isSmallPrint(line: PrintedLine, all: readonly PrintedLine[]): boolean {
  const cx = line.box.x + line.box.width / 2;
  return all.some((other) => {
    if (other === line || other.lineHeight < SMALL_PRINT_RATIO * line.lineHeight) return false;
    const h = other.lineHeight;
    const o = other.box;
    // Gap between the boxes along each axis (0 when they overlap on it).
    const dx = Math.max(0, o.x - (line.box.x + line.box.width), line.box.x - (o.x + o.width));
    const dy = Math.max(0, o.y - (line.box.y + line.box.height), line.box.y - (o.y + o.height));
    const underOrOver = dy <= 1.2 * h && cx >= o.x - 0.5 * h && cx <= o.x + o.width + 0.5 * h;
    const beside = dy === 0 && dx <= 0.5 * h;
    return underOrOver || beside;
  });
}
