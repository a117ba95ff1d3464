/**
 * The standard ArcFace alignment for InsightFace-style descriptors: five points of a face (eye
 * centres, nose tip, mouth corners), taken from the face mesh, are fitted by a similarity
 * transform (rotation, one scale, shift) onto where those models were trained to see them in a
 * 112 × 112 crop. For measuring descriptors on real faces (race-faces-aligned.ts) only.
 */

export type Point = readonly [number, number];

/** Side of the aligned crop. */
export const ALIGNED_SIDE = 112;

/**
 * The five points in the aligned 112 px crop, as the image shows them: the eye on the left of
 * the picture (the person's right eye), the other eye, the nose tip, the mouth corner on the
 * left of the picture, the other one.
 */
export const ARCFACE_TEMPLATE: readonly Point[] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

/**
 * The face mesh's points (MediaPipe's 468) that make the five: each eye's contour (its centre is
 * their mean), the nose tip, the mouth corners. "Right" is the person's right, on the left of
 * an unmirrored picture.
 */
export const MESH_POINTS = {
  rightEye: [33, 7, 163, 144, 145, 153, 154, 155, 133, 246, 161, 160, 159, 158, 157, 173],
  leftEye: [263, 249, 390, 373, 374, 380, 381, 382, 362, 466, 388, 387, 386, 385, 384, 398],
  noseTip: [1],
  mouthRight: [61],
  mouthLeft: [291],
} as const;

/** The five points of a face from its mesh (x, y per point; extra values such as z ignored). */
export function fivePoints(mesh: ReadonlyArray<ArrayLike<number>>): Point[] {
  if (mesh.length < 468)
    throw new RangeError(`expected a 468-point face mesh, got ${mesh.length} points`);
  const mean = (ids: readonly number[]): Point => {
    let x = 0;
    let y = 0;
    for (const id of ids) {
      x += mesh[id]![0]!;
      y += mesh[id]![1]!;
    }
    return [x / ids.length, y / ids.length];
  };
  return [
    mean(MESH_POINTS.rightEye),
    mean(MESH_POINTS.leftEye),
    mean(MESH_POINTS.noseTip),
    mean(MESH_POINTS.mouthRight),
    mean(MESH_POINTS.mouthLeft),
  ];
}

/**
 * A similarity transform x' = a·x − b·y + tx, y' = b·x + a·y + ty (scale √(a² + b²), angle
 * atan2(b, a)).
 */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

export function applySimilarity(t: Similarity, [x, y]: Point): Point {
  return [t.a * x - t.b * y + t.tx, t.b * x + t.a * y + t.ty];
}

/**
 * The similarity transform taking `from` nearest to `to` (least squares over the points, the
 * closed form of Umeyama's method without reflection). Throws for fewer than two points, lists
 * of different lengths, or points that are all the same.
 */
export function fitSimilarity(from: readonly Point[], to: readonly Point[]): Similarity {
  if (from.length !== to.length)
    throw new RangeError(`${from.length} points to fit onto ${to.length}`);
  if (from.length < 2) throw new RangeError('a similarity needs at least two points');
  const centre = (ps: readonly Point[]): Point => [
    ps.reduce((s, p) => s + p[0], 0) / ps.length,
    ps.reduce((s, p) => s + p[1], 0) / ps.length,
  ];
  const [fx, fy] = centre(from);
  const [gx, gy] = centre(to);
  let spread = 0;
  let along = 0;
  let across = 0;
  for (let i = 0; i < from.length; i++) {
    const px = from[i]![0] - fx;
    const py = from[i]![1] - fy;
    const qx = to[i]![0] - gx;
    const qy = to[i]![1] - gy;
    spread += px * px + py * py;
    along += px * qx + py * qy;
    across += px * qy - py * qx;
  }
  if (!(spread > 1e-9)) throw new RangeError('the points to fit are all the same');
  const a = along / spread;
  const b = across / spread;
  return { a, b, tx: gx - (a * fx - b * fy), ty: gy - (b * fx + a * fy) };
}

/**
 * What tfjs's `image.transform` takes to warp a picture onto the aligned crop: the map from each
 * crop pixel to the picture's (the template fitted onto the face's five points), as its eight
 * projective values.
 */
export function alignmentTransform(face: readonly Point[]): number[] {
  const t = fitSimilarity(ARCFACE_TEMPLATE, face);
  return [t.a, -t.b, t.tx, t.b, t.a, t.ty, 0, 0];
}
