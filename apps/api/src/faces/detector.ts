/**
 * The face detector's pass (BlazeFace through Human, no mesh, no descriptor): face boxes over a
 * region of a decoded photo, given to the detector at a size it reads as well as any.
 */
import { FACE_DESCRIPTORS, clipBox, type FaceDescriptorName } from '@eventsite/contract/face-recipe';
import sharp from 'sharp';
import type { HumanLike } from './human.js';
import type { FaceBox, Tile } from './tiles.js';

/** A decoded photo: RGB bytes, row by row. */
export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** A face the detector found: its box in the photo's pixels and its score. */
export interface Detection {
  box: FaceBox;
  score: number;
}

/** Copies a region of the image as an int32 tensor [1, h, w, 3]. */
function tensorOf(human: HumanLike, raw: Raw, region: Tile): ReturnType<HumanLike['tf']['tensor']> {
  const values = new Int32Array(region.width * region.height * 3);
  for (let y = 0; y < region.height; y++) {
    const from = ((region.y + y) * raw.width + region.x) * 3;
    const row = raw.data.subarray(from, from + region.width * 3);
    values.set(row, y * region.width * 3);
  }
  return human.tf.tensor(values, [1, region.height, region.width, 3], 'int32');
}

/** The switches of each description model: on for the one chosen, or all off. */
export function descriptionSwitches(descriptor: FaceDescriptorName | null): Record<string, unknown> {
  const on = descriptor ? FACE_DESCRIPTORS[descriptor].section : null;
  return Object.fromEntries(
    ['description', 'mobilefacenet', 'insightface'].map((s) => [s, { enabled: s === on }]),
  );
}

// Human merges a call's config into its own for good, so each kind of call sets every switch.
const detectOnly = (maxFaces: number): Record<string, unknown> => ({
  face: {
    detector: { maxDetected: maxFaces },
    mesh: { enabled: false },
    ...descriptionSwitches(null),
  },
});
/** Face boxes (detector only) in a region, in the image's pixels. */
async function locate(
  human: HumanLike,
  raw: Raw,
  maxFaces: number,
  tile?: Tile,
): Promise<Detection[]> {
  const region = tile ?? { x: 0, y: 0, width: raw.width, height: raw.height };
  const input = tensorOf(human, raw, region);
  try {
    const result = await human.detect(input, detectOnly(maxFaces));
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    return result.face.map((f) => ({
      box: clipBox(
        { x: f.box[0] + region.x, y: f.box[1] + region.y, width: f.box[2], height: f.box[3] },
        raw,
      ),
      score: f.boxScore || f.score,
    }));
  } finally {
    input.dispose();
  }
}

/**
 * The detector sees its input at 256 px whatever it is given: handing it a region made smaller
 * first (by sharp, with a proper filter, to at most `DETECTOR_INPUT_SIDE`) finds the same faces
 * at a fraction of the cost: making a tensor of the WebAssembly backend, and scaling it there,
 * costs in proportion to the pixels given.
 */
const DETECTOR_INPUT_SIDE = 384;

/** Face boxes (detector only) in a region (default the whole image), in the image's pixels. */
export async function locateScaled(
  human: HumanLike,
  raw: Raw,
  maxFaces: number,
  region: Tile = { x: 0, y: 0, width: raw.width, height: raw.height },
): Promise<Detection[]> {
  const ratio = DETECTOR_INPUT_SIDE / Math.max(region.width, region.height);
  if (ratio >= 1) return locate(human, raw, maxFaces, region);
  const width = Math.max(1, Math.round(region.width * ratio));
  const height = Math.max(1, Math.round(region.height * ratio));
  const { data } = await sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: 3 },
  })
    .extract({ left: region.x, top: region.y, width: region.width, height: region.height })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small = await locate(human, { data, width, height }, maxFaces);
  const sx = region.width / width;
  const sy = region.height / height;
  return small.map((d) => ({
    score: d.score,
    box: clipBox(
      {
        x: region.x + d.box.x * sx,
        y: region.y + d.box.y * sy,
        width: d.box.width * sx,
        height: d.box.height * sy,
      },
      raw,
    ),
  }));
}
