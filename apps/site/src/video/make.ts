import type { PhotoRef } from '@/lib/photos';
import { drawFrame, type Context2D, type VideoBrand } from './draw';
import { encodeMp4, recordWebm } from './encode';
import { avcCodec, webmType, type VideoPath } from './support';
import { PhotoReel, loadLogo } from './photos';
import { FPS, VIDEO_SIZES, frameLayers, pickPhotos, planVideo, type VideoFormat } from './timeline';

export interface MakeVideoOptions {
  apiBase: string;
  photos: PhotoRef[];
  format: VideoFormat;
  brand: Omit<VideoBrand, 'logo'> & { logoUrl: string | null };
  signal: AbortSignal;
  /** 'photos' while the photos arrive, then 'frames'; `percent` of that step. */
  onProgress: (step: 'photos' | 'frames', percent: number) => void;
}

export interface MadeVideo {
  blob: Blob;
  path: Exclude<VideoPath, 'none'>;
  seconds: number;
  width: number;
  height: number;
  /** How long the making took, in milliseconds: in all, until the first photo was ready, drawing the frames. */
  took: number;
  photosTook: number;
  drawTook: number;
}

/** Makes the runner's video from their photos: all in this browser. */
export async function makeRaceVideo(options: MakeVideoOptions): Promise<MadeVideo> {
  const started = performance.now();
  const { width, height } = VIDEO_SIZES[options.format];
  const codec = await avcCodec();
  const webm = codec ? null : webmType();
  if (!codec && !webm) throw new Error('This browser cannot make videos.');
  const chosen = pickPhotos(options.photos.length).flatMap((i) => options.photos[i] ?? []);
  const plan = planVideo(chosen.length, FPS);
  const reel = new PhotoReel(options.apiBase, chosen, width, height, options.signal);
  // An MP4's frames start as soon as the first photo is ready: the others arrive while the first
  // ones are encoded (a frame waits for its photo only if it is not there yet). A WebM is
  // recorded in real time, where a wait would freeze the picture: all photos come first.
  let drawing = false;
  const fetching = reel.fetchAll((done) => {
    if (!drawing) options.onProgress('photos', Math.round((done / Math.max(1, chosen.length)) * 100));
  });
  void fetching.catch(() => undefined);
  const [logo] = await Promise.all([loadLogo(options.brand.logoUrl, options.signal), codec ? chosen.length && reel.prepare(0) : fetching]);
  drawing = true;
  const photosTook = performance.now() - started;
  let drawTook = 0;
  const brand: VideoBrand = { ...options.brand, logo };
  // MediaRecorder records a canvas element's stream; the encoder reads an OffscreenCanvas.
  const canvas: OffscreenCanvas | HTMLCanvasElement = codec && typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
  const ctx = canvas.getContext('2d', { alpha: false }) as Context2D | null;
  if (!ctx) throw new Error('This browser cannot draw the video.');
  const source = {
    width,
    height,
    fps: plan.fps,
    frames: plan.frames,
    signal: options.signal,
    draw: async (n: number) => {
      const from = performance.now();
      const layers = frameLayers(plan, n);
      if (layers.photos.length) await reel.need(layers.photos.map((p) => p.index));
      drawFrame(ctx, width, height, layers, (i) => reel.get(i), brand);
      drawTook += performance.now() - from;
    },
    onProgress: (frame: number) => options.onProgress('frames', Math.min(100, Math.floor((frame / plan.frames) * 100))),
  };
  try {
    const blob = codec ? await encodeMp4(canvas, codec, source) : await recordWebm(canvas as HTMLCanvasElement, webm as string, source);
    return { blob, path: codec ? 'mp4' : 'webm', seconds: plan.seconds, width, height, took: performance.now() - started, photosTook, drawTook };
  } finally {
    reel.close();
    logo?.close();
  }
}
