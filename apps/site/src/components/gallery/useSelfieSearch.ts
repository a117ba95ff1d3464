'use client';

import type { SelfieSearchAnswer } from '@eventsite/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ProviderError } from '@/provider/envelope';
import { ApiDownError, SELFIE_UPLOAD_TYPES, searchByDescriptor, searchBySelfieImage } from '@/provider/selfie';
import type { Described, LoadProgress } from '@/selfie/engine';
import type { SelfieFailure } from '@/selfie/pipeline';

/** The part of `@/selfie/engine` the gallery uses; imported only when the visitor opens the selfie option. */
export interface SelfieEngine {
  browserCanDescribe(): boolean;
  loadFaceModel(onProgress?: (p: LoadProgress) => void): Promise<unknown>;
  describeSelfie(file: Blob, onProgress?: (p: LoadProgress) => void): Promise<Described>;
}

export const loadSelfieEngine = (): Promise<SelfieEngine> => import('@/selfie/engine');

export type SelfieErrorKind = SelfieFailure | 'api-down' | 'refused';

export type SelfieState =
  | { phase: 'idle' }
  /** The model is downloading (bytes) or starting. */
  | { phase: 'loading'; progress: LoadProgress | null }
  /** The model is ready and no selfie was given yet. */
  | { phase: 'ready' }
  | { phase: 'describing' }
  | { phase: 'searching'; uploaded: boolean }
  | { phase: 'done'; answer: SelfieSearchAnswer; faces: number; uploaded: boolean }
  /** `model`: this browser cannot run the model; the selfie may be sent instead (`canUpload`). */
  | { phase: 'error'; kind: SelfieErrorKind; message: string | null; canUpload: boolean };

export interface SelfieSearch {
  state: SelfieState;
  /** The visitor opened the selfie option: the engine and models start loading. */
  prepare: () => void;
  /** Describes the selfie on the device and searches with its descriptor. */
  search: (file: File) => void;
  /** The fallback, after the visitor agreed: the selfie itself goes to the API. */
  upload: () => void;
  reset: () => void;
}

/** Turns a photo the API does not take (HEIC, GIF…) into a JPEG the browser can draw, when it can. */
async function uploadable(file: Blob): Promise<Blob> {
  if ((SELFIE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return file;
  if (typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b ?? file), 'image/jpeg', 0.9));
}

/**
 * The selfie search's states, from opening the option to the answer. The selfie is kept in
 * memory only while it may still be needed for the fallback, and dropped on reset.
 */
export function useSelfieSearch(apiBase: string, eventId: number, loadEngine: () => Promise<SelfieEngine> = loadSelfieEngine): SelfieSearch {
  const [state, setState] = useState<SelfieState>({ phase: 'idle' });
  const engine = useRef<Promise<SelfieEngine> | null>(null);
  const file = useRef<File | null>(null);
  const run = useRef(0);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const getEngine = useCallback(() => {
    engine.current ??= loadEngine().catch((error: unknown) => {
      engine.current = null;
      throw error;
    });
    return engine.current;
  }, [loadEngine]);

  const failed = useCallback((id: number, error: unknown, uploaded: boolean) => {
    if (id !== run.current) return;
    if (error instanceof ApiDownError) setState({ phase: 'error', kind: 'api-down', message: null, canUpload: false });
    else if (error instanceof ProviderError) {
      // The fallback's "no face" and "not a photo" come back as 400s with the API's words.
      setState({ phase: 'error', kind: 'refused', message: error.message, canUpload: false });
    } else {
      const kind = (error as { kind?: SelfieFailure }).kind ?? 'model';
      setState({ phase: 'error', kind, message: null, canUpload: kind === 'model' && !uploaded && file.current !== null });
    }
  }, []);

  // Opening the option again (or while a search runs) changes nothing but a loading state.
  const prepare = useCallback(() => {
    setState((s) => (s.phase === 'idle' || (s.phase === 'error' && s.kind === 'model') ? { phase: 'loading', progress: null } : s));
    const whileLoading = (next: SelfieState) => setState((s) => (s.phase === 'loading' ? next : s));
    getEngine()
      .then(async (e) => {
        if (!e.browserCanDescribe()) throw Object.assign(new Error('no WebAssembly'), { kind: 'model' as const });
        await e.loadFaceModel((progress) => whileLoading({ phase: 'loading', progress }));
        whileLoading({ phase: 'ready' });
      })
      .catch(() => whileLoading({ phase: 'error', kind: 'model', message: null, canUpload: false }));
  }, [getEngine]);

  const send = useCallback(
    async (id: number, request: (signal: AbortSignal) => Promise<SelfieSearchAnswer>, faces: number, uploaded: boolean) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: 'searching', uploaded });
      try {
        const answer = await request(controller.signal);
        if (id === run.current) setState({ phase: 'done', answer, faces, uploaded });
      } catch (error) {
        if (!controller.signal.aborted) failed(id, error, uploaded);
      }
    },
    [failed],
  );

  const search = useCallback(
    (selfie: File) => {
      const id = ++run.current;
      file.current = selfie;
      setState({ phase: 'describing' });
      void (async () => {
        let described: Described;
        try {
          const e = await getEngine();
          if (!e.browserCanDescribe()) throw Object.assign(new Error('no WebAssembly'), { kind: 'model' as const });
          await e.loadFaceModel((progress) => {
            if (id === run.current) setState({ phase: 'loading', progress });
          });
          if (id !== run.current) return;
          setState({ phase: 'describing' });
          described = await e.describeSelfie(selfie);
        } catch (error) {
          failed(id, error, false);
          return;
        }
        if (id !== run.current) return;
        // Described: the selfie is no longer needed.
        file.current = null;
        await send(id, (signal) => searchByDescriptor(apiBase, eventId, described.descriptor, signal), described.faces, false);
      })();
    },
    [apiBase, eventId, getEngine, failed, send],
  );

  const upload = useCallback(() => {
    const selfie = file.current;
    if (!selfie) return;
    const id = ++run.current;
    setState({ phase: 'searching', uploaded: true });
    void (async () => {
      let body: Blob;
      try {
        body = await uploadable(selfie);
      } catch {
        if (id === run.current) setState({ phase: 'error', kind: 'unreadable', message: null, canUpload: false });
        return;
      }
      file.current = null;
      await send(id, (signal) => searchBySelfieImage(apiBase, eventId, body, signal), 1, true);
    })();
  }, [apiBase, eventId, send]);

  const reset = useCallback(() => {
    run.current += 1;
    abort.current?.abort();
    file.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, prepare, search, upload, reset };
}
