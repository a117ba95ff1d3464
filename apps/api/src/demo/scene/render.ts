/** Rasterises a frame plan with sharp (librsvg) and writes the JPEG with camera EXIF. */
import sharp from 'sharp';
import { composeSvg, computeTruth, type FramePlan } from './compose.js';
import { grainTileUri } from './grain.js';

export interface SceneBib {
  bib: string;
  box: { x: number; y: number; width: number; height: number };
  occluded: boolean;
}

export interface RenderedScene {
  jpeg: Buffer;
  width: number;
  height: number;
  bibs: SceneBib[];
  capturedAt: Date;
}

export interface CameraBody {
  make: string;
  model: string;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** EXIF date strings carry no zone; we write UTC and say so in OffsetTimeOriginal. */
export function exifDateTime(date: Date): string {
  return `${date.getUTCFullYear()}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

export async function renderFrame(plan: FramePlan, capturedAt: Date, camera: CameraBody): Promise<RenderedScene> {
  if (Number.isNaN(capturedAt.getTime())) throw new RangeError('capturedAt is not a valid date');
  const svg = composeSvg(plan, await grainTileUri());
  const truth = computeTruth(plan);
  let image = sharp(Buffer.from(svg)).removeAlpha();
  if (plan.light.blur >= 0.6) image = image.blur(plan.light.blur);
  const stamp = exifDateTime(capturedAt);
  const jpeg = await image
    .jpeg({ quality: 85, mozjpeg: false, chromaSubsampling: '4:2:0' })
    .withExif({
      IFD0: { Make: camera.make, Model: camera.model, DateTime: stamp, Software: 'eventsite demo renderer' },
      IFD2: {
        DateTimeOriginal: stamp,
        DateTimeDigitized: stamp,
        SubSecTimeOriginal: pad(capturedAt.getUTCMilliseconds(), 3),
        OffsetTimeOriginal: '+00:00',
      },
    })
    .toBuffer();
  return {
    jpeg,
    width: plan.width,
    height: plan.height,
    bibs: truth.map((t) => ({ bib: t.bib, box: t.box, occluded: t.occluded })),
    capturedAt,
  };
}
