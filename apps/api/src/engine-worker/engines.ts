/**
 * What the engine worker thread serves: bib OCR and face detection, each engine loaded on its
 * first call. Runs inside the thread only (`WorkerRunner` imports it there).
 */
import { isMainThread, workerData } from 'node:worker_threads';
import { createOcrEngine, type OcrTextLine, type ReadTextOptions } from '../bibs/ocr-engine.js';
import { createFaceEngine, type DetectFacesOptions, type Face } from '../faces/engine.js';
import type { FaceBox } from '../faces/tiles.js';
import { lazyEngine } from './engine.js';

if (isMainThread)
  throw new Error('engine-worker/engines runs inside the engine worker thread only');

/** CPU threads per model run (unset: the engine's default); one when several threads serve side by side. */
const modelThreads = (workerData as { settings?: { modelThreads?: number } } | null)?.settings
  ?.modelThreads;
const ocr = lazyEngine(() =>
  createOcrEngine(modelThreads === undefined ? {} : { threads: modelThreads }),
);
const faces = lazyEngine(createFaceEngine);

/** Structured clone delivers a Buffer as a plain Uint8Array. */
function bytes(image: Uint8Array): Buffer {
  return Buffer.isBuffer(image)
    ? image
    : Buffer.from(image.buffer, image.byteOffset, image.byteLength);
}

export function readText(image: Uint8Array, options?: ReadTextOptions): Promise<OcrTextLine[]> {
  return ocr.use().readText(bytes(image), options);
}

export function detectFaces(image: Uint8Array, options?: DetectFacesOptions): Promise<Face[]> {
  return faces.use().detectFaces(bytes(image), options);
}

export function locateFaces(image: Uint8Array, options?: DetectFacesOptions): Promise<FaceBox[]> {
  return faces.use().locateFaces(bytes(image), options);
}

export function disposeOcr(): Promise<void> {
  return ocr.dispose();
}

export function disposeFaces(): Promise<void> {
  return faces.dispose();
}
