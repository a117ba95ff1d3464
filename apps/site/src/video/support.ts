/**
 * Which way this browser can make the race video, asked without loading the muxer: H.264 through
 * WebCodecs (an MP4), else MediaRecorder on a canvas (a WebM), else none.
 */

import { AVC_CODECS, BITRATE, WEBM_TYPES } from './settings';
import { VIDEO_SIZES } from './timeline';

export type VideoPath = 'mp4' | 'webm' | 'none';


/** The H.264 codec string this browser encodes at both sizes, or null. */
export async function avcCodec(): Promise<string | null> {
  if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined') return null;
  for (const codec of AVC_CODECS) {
    try {
      const answers = await Promise.all(Object.values(VIDEO_SIZES).map(({ width, height }) => VideoEncoder.isConfigSupported({ codec, width, height, bitrate: BITRATE, framerate: 30, avc: { format: 'avc' } })));
      if (answers.every((a) => a.supported)) return codec;
    } catch {
      /* Not this one. */
    }
  }
  return null;
}

/** The WebM type MediaRecorder records here from a canvas, or null. */
export function webmType(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof HTMLCanvasElement === 'undefined' || !('captureStream' in HTMLCanvasElement.prototype)) return null;
  return WEBM_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/** Which way this browser makes the video. */
export async function videoPath(): Promise<VideoPath> {
  if (await avcCodec()) return 'mp4';
  return webmType() ? 'webm' : 'none';
}

/** `maria-lopez-race.mp4`: the runner's name (or bib) in plain letters. */
export function videoFileName(who: string, path: Exclude<VideoPath, 'none'>): string {
  const base = who
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'my'}-race.${path === 'mp4' ? 'mp4' : 'webm'}`;
}
