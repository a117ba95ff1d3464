/**
 * What the engine worker thread serves: bib OCR and face detection, each engine loaded on its
 * first call. Runs inside the thread only (`WorkerRunner` imports it there).
 */
import { isMainThread } from 'node:worker_threads';
import {
  createOcrEngine,
  type OcrEngine,
  type OcrTextLine,
  type ReadTextOptions,
} from '../bibs/ocr-engine.js';
import {
  createFaceEngine,
  type DetectFacesOptions,
  type Face,
  type FaceEngine,
} from '../faces/engine.js';

if (isMainThread)
  throw new Error('engine-worker/engines runs inside the engine worker thread only');

let ocr: OcrEngine | undefined;
let faces: FaceEngine | undefined;

/** Structured clone delivers a Buffer as a plain Uint8Array. */
function bytes(image: Uint8Array): Buffer {
  return Buffer.isBuffer(image)
    ? image
    : Buffer.from(image.buffer, image.byteOffset, image.byteLength);
}

export function readText(image: Uint8Array, options?: ReadTextOptions): Promise<OcrTextLine[]> {
  ocr ??= createOcrEngine();
  return ocr.readText(bytes(image), options);
}

export function detectFaces(image: Uint8Array, options?: DetectFacesOptions): Promise<Face[]> {
  faces ??= createFaceEngine();
  return faces.detectFaces(bytes(image), options);
}

export async function disposeOcr(): Promise<void> {
  const engine = ocr;
  ocr = undefined;
  await engine?.dispose();
}

export async function disposeFaces(): Promise<void> {
  const engine = faces;
  faces = undefined;
  await engine?.dispose();
}
