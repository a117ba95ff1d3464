/**
 * Greedy CTC decoding of the recogniser's output: per time step a probability for each
 * dictionary character (class 0 is "blank"). Besides the text it keeps, for each character,
 * the best digit at the same step, so a letter the model confused with a digit can be
 * corrected with the model's own evidence rather than a blind substitution.
 */

export interface DecodedChar {
  char: string;
  prob: number;
  /** The most probable digit at this step and its probability. */
  digit: string;
  digitProb: number;
  /** Where the character sits along the input, 0 (left edge) .. 1 (right edge). */
  at: number;
}

export interface DecodedLine {
  text: string;
  /** Mean character probability, PaddleOCR's line score. */
  confidence: number;
  chars: DecodedChar[];
}

/** `dictionary[k - 1]` is class k. `digitClasses[d]` is the class of digit d. */
export function ctcDecode(
  probs: Float32Array,
  steps: number,
  classes: number,
  dictionary: readonly string[],
  digitClasses: readonly number[],
): DecodedLine {
  const chars: DecodedChar[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const base = t * classes;
    let best = 0;
    let bestProb = -Infinity;
    for (let k = 0; k < classes; k++) {
      const p = probs[base + k]!;
      if (p > bestProb) {
        bestProb = p;
        best = k;
      }
    }
    if (best !== 0 && best !== previous) {
      let digit = 0;
      let digitProb = -Infinity;
      for (let d = 0; d < digitClasses.length; d++) {
        const p = probs[base + digitClasses[d]!]!;
        if (p > digitProb) {
          digitProb = p;
          digit = d;
        }
      }
      chars.push({
        char: dictionary[best - 1] ?? '',
        prob: bestProb,
        digit: String(digit),
        digitProb,
        at: (t + 0.5) / steps,
      });
    }
    previous = best;
  }
  const text = chars.map((c) => c.char).join('');
  const confidence = chars.length > 0 ? chars.reduce((s, c) => s + c.prob, 0) / chars.length : 0;
  return { text, confidence, chars };
}
