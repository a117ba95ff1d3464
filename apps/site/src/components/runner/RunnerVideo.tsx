'use client';

import { useEffect, useRef, useState } from 'react';
import type { PhotoRef } from '@/lib/photos';
import type { MadeVideo } from '@/video/make';
import { videoFileName, videoPath, type VideoPath } from '@/video/support';
import { pickPhotos, planVideo, type VideoFormat } from '@/video/timeline';
import { VIDEO_TEXT } from './strings';

export interface RunnerVideoProps {
  apiBase: string;
  photos: PhotoRef[];
  eventName: string;
  colour: string;
  logoUrl: string | null;
  /** The plate under the logo, from its own colours. */
  logoPlate?: string | null;
  who: string;
  bib: string;
  time: string | null;
}

type State =
  | { phase: 'idle' }
  | { phase: 'running'; step: 'photos' | 'frames'; percent: number }
  | { phase: 'done'; video: MadeVideo; url: string; file: string }
  | { phase: 'error'; message: string };

/**
 * 'Make my race video': a 15–30 s video of the runner's photos with gentle motion, the event's
 * colours and a closing card with their name and time, made in this browser (video/), then shown,
 * offered as a download and, where the browser shares files, shared.
 */
export function RunnerVideo(props: RunnerVideoProps) {
  const [path, setPath] = useState<VideoPath | null>(null);
  const [format, setFormat] = useState<VideoFormat>('story');
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const url = state.phase === 'done' ? state.url : null;

  useEffect(() => {
    let live = true;
    void videoPath().then((p) => live && setPath(p));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  useEffect(() => () => abort.current?.abort(), []);

  const seconds = Math.round(planVideo(pickPhotos(props.photos.length).length).seconds);
  const make = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', step: 'photos', percent: 0 });
    try {
      const { makeRaceVideo } = await import('@/video/make');
      const video = await makeRaceVideo({
        apiBase: props.apiBase,
        photos: props.photos,
        format,
        brand: { eventName: props.eventName, colour: props.colour, logoUrl: props.logoUrl, logoPlate: props.logoPlate ?? null, who: props.who, bib: props.bib, time: props.time },
        signal: controller.signal,
        onProgress: (step, percent) => setState((s) => (s.phase === 'running' && s.step === step && s.percent === percent ? s : { phase: 'running', step, percent })),
      });
      setState({ phase: 'done', video, url: URL.createObjectURL(video.blob), file: videoFileName(props.who, video.path) });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: 'idle' });
      else setState({ phase: 'error', message: error instanceof Error && error.message ? error.message : VIDEO_TEXT.failed });
    }
  };
  const share = async (video: MadeVideo, file: string) => {
    const data = { files: [new File([video.blob], file, { type: video.blob.type })], title: props.who };
    await navigator.share(data).catch(() => undefined);
  };
  const canShareFiles = (video: MadeVideo, file: string) =>
    typeof navigator !== 'undefined' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [new File([video.blob], file, { type: video.blob.type })] });

  const running = state.phase === 'running';
  return (
    <section className="runner-video" aria-labelledby="runner-video-title">
      <h2 id="runner-video-title" className="runner-section-title">
        {VIDEO_TEXT.title}
      </h2>
      {path === 'none' ? (
        <>
          <p className="runner-video-note">{VIDEO_TEXT.cannot}</p>
          <button type="button" className="button" disabled>
            {VIDEO_TEXT.cannotButton}
          </button>
        </>
      ) : (
        <>
          <p className="runner-video-note">{VIDEO_TEXT.intro(seconds)}</p>
          {path === 'webm' ? <p className="runner-video-note">{VIDEO_TEXT.webm(seconds)}</p> : null}
          <div className="runner-video-controls">
            <fieldset className="runner-video-format" disabled={running}>
              <legend>{VIDEO_TEXT.formatLegend}</legend>
              {(['story', 'wide'] as const).map((f) => (
                <label key={f}>
                  <input type="radio" name="runner-video-format" value={f} checked={format === f} onChange={() => setFormat(f)} /> {VIDEO_TEXT.format[f]}
                </label>
              ))}
            </fieldset>
            <button type="button" className="button" onClick={() => void make()} disabled={running || path === null}>
              {VIDEO_TEXT.make}
            </button>
          </div>
        </>
      )}
      {state.phase === 'running' ? (
        <div className="download-panel runner-video-progress" role="region" aria-label={VIDEO_TEXT.progressRegion}>
          <div className="download-text">
            <p className="download-title">{state.step === 'photos' ? VIDEO_TEXT.loading : VIDEO_TEXT.making}</p>
            <p className="download-detail" aria-live="polite">{`${state.percent} %`}</p>
            <div className="download-bar" role="progressbar" aria-label={VIDEO_TEXT.progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.percent}>
              <span style={{ width: `${state.percent}%` }} />
            </div>
          </div>
          <button type="button" className="button button-outline" onClick={() => abort.current?.abort()}>
            {VIDEO_TEXT.cancel}
          </button>
        </div>
      ) : null}
      {state.phase === 'error' ? (
        <p className="runner-video-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.phase === 'done' ? (
        <div className="runner-video-result" data-path={state.video.path} data-took={Math.round(state.video.took)} data-photos-took={Math.round(state.video.photosTook)} data-draw-took={Math.round(state.video.drawTook)}>
          <p role="status">{VIDEO_TEXT.ready(state.video.path, Math.round(state.video.took / 100) / 10)}</p>
          <video className={`runner-video-preview runner-video-${state.video.width > state.video.height ? 'wide' : 'story'}`} src={state.url} controls playsInline aria-label={VIDEO_TEXT.previewLabel} />
          <div className="runner-video-actions">
            <a className="button" href={state.url} download={state.file}>
              {VIDEO_TEXT.download}
            </a>
            {canShareFiles(state.video, state.file) ? (
              <button type="button" className="button button-outline" onClick={() => void share(state.video, state.file)}>
                {VIDEO_TEXT.share}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
