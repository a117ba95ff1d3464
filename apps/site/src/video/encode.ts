import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
import { BITRATE } from './settings';

/**
 * Turning frames into a file, in the browser: H.264 through WebCodecs' VideoEncoder into an MP4
 * (mediabunny's muxer) where the browser can, else a canvas stream recorded by MediaRecorder as
 * WebM, in real time. Nothing leaves the device.
 */

export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

export interface FrameSource {
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** Draws frame `n` on the canvas (waiting for its photos when they are not decoded yet). */
  draw: (n: number) => Promise<void>;
  onProgress: (frame: number) => void;
  signal: AbortSignal;
}

/** Encodes every frame of `canvas` to H.264 and muxes it into an MP4 held in memory. */
export async function encodeMp4(canvas: OffscreenCanvas | HTMLCanvasElement, codec: string, src: FrameSource): Promise<Blob> {
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const track = new EncodedVideoPacketSource('avc');
  output.addVideoTrack(track, { frameRate: src.fps });
  await output.start();
  let failure: unknown = null;
  // The muxer takes packets in order: each waits for the one before.
  let muxing: Promise<void> = Promise.resolve();
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      const packet = EncodedPacket.fromEncodedChunk(chunk);
      muxing = muxing.then(() => track.add(packet, meta)).catch((e: unknown) => {
        failure ??= e;
      });
    },
    error: (e) => {
      failure ??= e;
    },
  });
  // A constant bitrate: OpenH264 encoded 10–22 % faster than with its variable rate, at the same
  // size (docs/runner-page.md, "Speed"); where a browser has no constant mode, its default.
  const config: VideoEncoderConfig = { codec, width: src.width, height: src.height, bitrate: BITRATE, framerate: src.fps, avc: { format: 'avc' }, latencyMode: 'quality', bitrateMode: 'constant' };
  const constant = await VideoEncoder.isConfigSupported(config).then((a) => a.supported === true, () => false);
  encoder.configure(constant ? config : { ...config, bitrateMode: undefined });
  const frameMicros = 1_000_000 / src.fps;
  try {
    for (let n = 0; n < src.frames; n += 1) {
      if (src.signal.aborted) throw new Cancelled();
      if (failure) throw failure;
      await src.draw(n);
      // Read from the canvas itself: handing its picture over with transferToImageBitmap was
      // measured slower (58 ms a frame against 52 with the CPU slowed 4×).
      const frame = new VideoFrame(canvas, { timestamp: Math.round(n * frameMicros), duration: Math.round(frameMicros) });
      // A key frame every two seconds: the preview and players seek well.
      encoder.encode(frame, { keyFrame: n % (src.fps * 2) === 0 });
      frame.close();
      // Keep the encoder's queue short: frames wait as drawings, not as raw pictures in memory.
      while (encoder.encodeQueueSize > 3) await new Promise((r) => encoder.addEventListener('dequeue', r, { once: true }));
      src.onProgress(n + 1);
    }
    await encoder.flush();
    await muxing;
    if (failure) throw failure;
    track.close();
    await output.finalize();
  } catch (error) {
    if (encoder.state !== 'closed') encoder.close();
    await output.cancel().catch(() => undefined);
    throw error;
  }
  encoder.close();
  if (!target.buffer) throw new Error('The video came out empty');
  return new Blob([target.buffer], { type: 'video/mp4' });
}

/**
 * Where WebCodecs' H.264 is missing: the canvas's stream recorded by MediaRecorder as WebM. It
 * records in real time, so each frame is drawn when its moment comes (a late frame is skipped:
 * the video keeps its length).
 */
export async function recordWebm(canvas: HTMLCanvasElement, type: string, src: FrameSource): Promise<Blob> {
  const stream = canvas.captureStream(src.fps);
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: BITRATE });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  // The first frame is on the canvas before recording starts.
  await src.draw(0);
  recorder.start(1000);
  const start = performance.now();
  try {
    let shown = 0;
    while (shown < src.frames - 1) {
      if (src.signal.aborted) throw new Cancelled();
      const due = Math.min(src.frames - 1, Math.floor(((performance.now() - start) / 1000) * src.fps));
      if (due > shown) {
        await src.draw(due);
        shown = due;
        src.onProgress(shown + 1);
      }
      const next = start + ((shown + 1) * 1000) / src.fps;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    // The last frame stays for its own moment.
    await new Promise((r) => setTimeout(r, 1000 / src.fps));
  } finally {
    recorder.stop();
    for (const t of stream.getTracks()) t.stop();
    await stopped;
  }
  return new Blob(chunks, { type: type.split(';')[0] });
}
