/**
 * The recognition engines as the ingest steps and the selfie upload use them: the bib reader
 * (apps/api/src/bibs) and the face detector (apps/api/src/faces), each loaded on first use (its
 * models take a second and ~100 MB). Tests pass stubs of these interfaces instead.
 */
import type { BibFormat } from '@eventsite/contract';
import type * as BibsEngine from '../bibs/index.js';
import type * as FacesEngine from '../faces/index.js';
import { PermanentJobError } from '../adapters/jobs/types.js';
import type { NewFace } from '../repositories/faces.js';

export interface BibReading {
  bib: string;
  /** 0..1 */
  confidence: number;
  box: { x: number; y: number; width: number; height: number };
  /** Set when the reading was lowered as cut off: where, and its confidence as a whole bib. */
  cutOff?: BibsEngine.CutOff;
}

/** The OCR engine as the bibs job uses it (apps/api/src/bibs in production; a stub in tests). */
export interface BibReader {
  readBibs(
    image: Buffer,
    options: {
      registeredBibs?: ReadonlySet<string>;
      format?: BibFormat | null;
      /** The digit count nearly every bib of the event has, learnt from its readings. */
      usualDigits?: number | null;
      /** The digit counts the event's bibs have, learnt from its readings. */
      usualLengths?: readonly number[] | null;
    },
  ): Promise<BibReading[]>;
}

/** The face engine as the `faces` job uses it (apps/api/src/faces in production; a stub in tests). */
export interface FaceDetector {
  /** Rejects with PermanentJobError for bytes that are not an image. */
  detectFaces(image: Buffer, options?: { tiles?: boolean }): Promise<NewFace[]>;
}

/**
 * Calls an engine module imported on first use: a module that cannot be loaded, or bytes it
 * cannot read (its UnreadableImageError), fail the job for good (PermanentJobError).
 */
function onFirstUse<M extends { UnreadableImageError: abstract new (...args: never[]) => Error }>(
  name: string,
  load: () => Promise<M>,
): <T>(call: (engine: M) => Promise<T>) => Promise<T> {
  let module: Promise<M> | undefined;
  return async (call) => {
    module ??= load();
    let engine: M;
    try {
      engine = await module;
    } catch (error) {
      throw new PermanentJobError(`the ${name} could not be loaded: ${(error as Error).message}`);
    }
    try {
      return await call(engine);
    } catch (error) {
      if (error instanceof engine.UnreadableImageError) throw new PermanentJobError(error.message);
      throw error;
    }
  };
}

/**
 * The real OCR engine. With `faces` (face detection allowed, FACES_ENABLED), the face detector
 * first says where the photo's heads are, and a number above all of them is not taken for a bib
 * (`faces` in the reader's options). Where the faces cannot be located (their engine does not
 * load), the photo is read without them.
 */
export function engineBibReader(options: { faces?: boolean } = {}): BibReader {
  const use = onFirstUse<typeof BibsEngine>('OCR engine', () => import('../bibs/index.js'));
  const useFaces = options.faces
    ? onFirstUse<typeof FacesEngine>('face engine', () => import('../faces/index.js'))
    : null;
  return {
    readBibs: async (image, readOptions) => {
      // Without the tiles that find small faces far back: a sixth of the cost (34 ms against
      // 223 ms a 1600 px photo), and on the real photos no bib lost and no banner kept more.
      const faces = useFaces
        ? await useFaces((engine) => engine.locateFaces(image, { tiles: false })).catch(() => null)
        : null;
      return use((bibs) => bibs.readBibs(image, { ...readOptions, faces }));
    },
  };
}

/** The real face engine. */
export function engineFaceDetector(): FaceDetector {
  const use = onFirstUse<typeof FacesEngine>('face engine', () => import('../faces/index.js'));
  return { detectFaces: (image, options) => use((faces) => faces.detectFaces(image, options)) };
}
