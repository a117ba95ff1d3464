/**
 * Pinhole camera looking down a level road: one vanishing point, so the road, barriers,
 * spectators and runners all shrink consistently with distance.
 */
export interface Camera {
  width: number;
  height: number;
  horizon: number;
  vanishX: number;
  /** Focal length in pixels (pixels per metre at 1 m). */
  focal: number;
  /** Lens height above the road, metres. */
  lensHeight: number;
}

export function makeCamera(width: number, height: number, horizonFrac: number, vanishFrac: number): Camera {
  // Pixel density follows the long side, so portrait and landscape frames of one camera match.
  const longSide = Math.max(width, height);
  return { width, height, horizon: height * horizonFrac, vanishX: width * vanishFrac, focal: longSide * 1.5, lensHeight: 1.4 };
}

/** World (x lateral, y height above the road, z distance) in metres to image pixels. */
export function project(cam: Camera, x: number, y: number, z: number): { x: number; y: number } {
  return { x: cam.vanishX + (cam.focal * x) / z, y: cam.horizon + (cam.focal * (cam.lensHeight - y)) / z };
}

/** Pixels per metre at distance z. */
export function pxPerMetre(cam: Camera, z: number): number {
  return cam.focal / z;
}
