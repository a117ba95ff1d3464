'use client';

import type { SelfieSearchAnswer } from '@eventsite/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES, ProviderError } from '@/provider/envelope';
import type { Described, LoadProgress } from '@/selfie/engine';
import type { SelfieFailure } from '@/selfie/pipeline';

/** The part of `@/selfie/engine` the gallery uses; imported only when the visitor opens the selfie option. */
export interface SelfieEngine {
  browserCanDescribe(): boolean;
  loadFaceModel(onProgress?: (p: LoadProgress) => void): Promise<unknown>;
  describeSelfie(file: Blob, onProgress?: (p: LoadProgress) => void): Promise<Described>;
}

export const loadSelfieEngine = (): Promise<SelfieEngine> => import('@/selfie/engine');

/** The selfie search's call, loaded with the first search (not with the gallery); unreachable: the API is down. */
const selfieCalls = () =>
  import('@/provider/selfie').catch(() => {
    throw Object.assign(new ProviderError(MESSAGES.unknown, null), { name: 'ApiDownError' });
  });

export type SelfieErrorKind = SelfieFailure | 'api-down' | 'refused';

export type SelfieState =
  | { phase: 'idle' }
  /** The model is downloading (bytes) or starting. */
  | { phase: 'loading'; progress: LoadProgress | null }
  /** The model is ready and no selfie was given yet. */
  | { phase: 'ready' }
  | { phase: 'describing' }
  | { phase: 'searching' }
  | { phase: 'done'; answer: SelfieSearchAnswer; faces: number }
  /** `model`: this browser cannot run the model (the selfie is never sent instead). */
  | { phase: 'error'; kind: SelfieErrorKind; message: string | null };

export interface SelfieSearch {
  state: SelfieState;
  /** The visitor agreed to selfie search: the engine and models start loading. */
  prepare: () => void;
  /** Describes the selfie on the device and searches with its descriptor. */
  search: (file: File) => void;
  reset: () => void;
}

/**
 * The selfie search's states, from the visitor's consent to the answer. The selfie is read on
 * the device and only its descriptor is sent: there is no upload of the image, not even as a
 * fallback when the model cannot run (the visitor is told to search another way).
 */
export function useSelfieSearch(apiBase: string, eventId: number, loadEngine: () => Promise<SelfieEngine> = loadSelfieEngine): SelfieSearch {
  const [state, setState] = useState<SelfieState>({ phase: 'idle' });
  const engine = useRef<Promise<SelfieEngine> | null>(null);
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

  const failed = useCallback((id: number, error: unknown) => {
    if (id !== run.current) return;
    if (error instanceof ProviderError && error.name === 'ApiDownError') setState({ phase: 'error', kind: 'api-down', message: null });
    // A refusal (selfie search off, a bad descriptor, too many searches) in the API's words.
    else if (error instanceof ProviderError) setState({ phase: 'error', kind: 'refused', message: error.message });
    else setState({ phase: 'error', kind: (error as { kind?: SelfieFailure }).kind ?? 'model', message: null });
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
      .catch(() => whileLoading({ phase: 'error', kind: 'model', message: null }));
  }, [getEngine]);

  const send = useCallback(
    async (id: number, request: (signal: AbortSignal) => Promise<SelfieSearchAnswer>, faces: number) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: 'searching' });
      try {
        const answer = await request(controller.signal);
        if (id === run.current) setState({ phase: 'done', answer, faces });
      } catch (error) {
        if (!controller.signal.aborted) failed(id, error);
      }
    },
    [failed],
  );

  const search = useCallback(
    (selfie: File) => {
      const id = ++run.current;
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
          failed(id, error);
          return;
        }
        if (id !== run.current) return;
        await send(id, async (signal) => (await selfieCalls()).searchByDescriptor(apiBase, eventId, described.descriptor, signal), described.faces);
      })();
    },
    [apiBase, eventId, getEngine, failed, send],
  );

  const reset = useCallback(() => {
    run.current += 1;
    abort.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  return { state, prepare, search, reset };
}
