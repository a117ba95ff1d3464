/**
 * Where each line of a design's text goes on the PDF page, as pure maths. The PDF shows the
 * design as one raster (so it looks exactly like the editor), and carries every text line again
 * as real, invisible PDF text at the same place and angle, the way scanned-and-OCR'd PDFs do: it
 * can be searched, selected and copied, and read aloud by screen readers.
 */

/** A text element as laid out on the canvas: its wrapped lines (as Konva measured them). */
export type TextRun = {
  x: number;
  y: number;
  width: number;
  rotation: number;
  fontSize: number;
  lineHeight: number;
  align: 'left' | 'center' | 'right';
  lines: { text: string; width: number }[];
};

export type PdfTextLine = { text: string; x: number; y: number; size: number; rotate: number };

/** Distance from a line box's top to the baseline, as a share of the font size (Inter's metrics). */
const BASELINE = 0.8;

export function mapTextRuns(
  runs: TextRun[],
  design: { width: number; height: number },
  page: { width: number; height: number },
): PdfTextLine[] {
  const sx = page.width / design.width;
  const sy = page.height / design.height;
  const out: PdfTextLine[] = [];
  for (const run of runs) {
    const r = (run.rotation * Math.PI) / 180;
    const cos = Math.cos(r);
    const sin = Math.sin(r);
    const lh = run.fontSize * run.lineHeight;
    run.lines.forEach((line, i) => {
      if (!line.text.trim()) return;
      const lx = run.align === 'center' ? (run.width - line.width) / 2 : run.align === 'right' ? run.width - line.width : 0;
      const ly = i * lh + (lh - run.fontSize) / 2 + run.fontSize * BASELINE;
      // Rotate about the element's origin (Konva: clockwise, y down), then flip into PDF space (y up).
      const dx = run.x + lx * cos - ly * sin;
      const dy = run.y + lx * sin + ly * cos;
      out.push({ text: line.text, x: dx * sx, y: page.height - dy * sy, size: run.fontSize * sy, rotate: -run.rotation });
    });
  }
  return out;
}

/** The characters Windows-1252 (PDF WinAnsiEncoding) has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
/** Letters NFKD does not decompose, spelled as people do without the accent. */
const FALLBACK: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h', '−': '-', '·': '·', '\u2009': ' ', '\u00a0': ' ' };

function encodable(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/**
 * Text the PDF's standard fonts can encode (WinAnsi): accents outside Latin-1 are dropped
 * ('Dvořák' → 'Dvorak'), a few letters are spelled out, anything else becomes '?'. This only
 * affects the invisible search layer; the visible text is the raster, in Inter, untouched.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    if (encodable(ch)) out += ch;
    else if (FALLBACK[ch]) out += FALLBACK[ch];
    else {
      const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += [...plain].every(encodable) && plain ? plain : ch === '\n' || ch === '\t' ? ' ' : '?';
    }
  }
  return out;
}
