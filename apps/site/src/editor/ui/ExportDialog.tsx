'use client';
import { useEffect, useRef, useState } from 'react';
import type { ExportFormat, Progress } from '../export/run';
import { canShareFile, downloadFile, shareFile } from '../export/share';
import type { TemplateInfo } from '../model/templates';
import { Icon } from './icons';

type Props = {
  open: boolean;
  info: TemplateInfo;
  /** The format to start at once (the certificate's "Download PDF"). */
  autoStart?: ExportFormat | undefined;
  warning?: string | undefined;
  onClose: () => void;
  run: (format: ExportFormat, onProgress: (p: Progress) => void) => Promise<File>;
  errorMessage: (e: unknown) => string;
};

const FORMATS: { format: ExportFormat; label: string; hint: (i: TemplateInfo) => string }[] = [
  { format: 'png', label: 'PNG', hint: (i) => `Sharpest for social media, ${i.width}×${i.height} px` },
  { format: 'jpeg', label: 'JPEG', hint: () => 'Smaller file, for messaging apps' },
  { format: 'pdf', label: 'PDF', hint: (i) => (i.certificate ? 'For printing on A4' : 'A page to print or send') },
];

/**
 * Export: pick a format, see the progress (a 300 dpi certificate takes a moment on a phone),
 * then the file downloads; where the browser can share files, a Share button opens the system
 * share sheet (the export itself takes too long to keep the click's permission to share).
 */
export function ExportDialog({ open, info, autoStart, warning, onClose, run, errorMessage }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
    if (!open) {
      setProgress(null);
      setFile(null);
      setError('');
      started.current = false;
    }
  }, [open]);

  const start = async (format: ExportFormat) => {
    setError('');
    setFile(null);
    setProgress({ step: 'Starting…', fraction: 0.02 });
    try {
      const f = await run(format, setProgress);
      setFile(f);
      downloadFile(f, f.name);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };

  useEffect(() => {
    if (open && autoStart && !started.current) {
      started.current = true;
      void start(autoStart);
    }
    // A one-off start when the dialog opens for a given format; `start` is deliberately not a dependency.
  }, [open, autoStart]);

  const busy = progress !== null;
  return (
    <dialog ref={ref} className="pe-dialog" aria-labelledby="pe-export-title" onClose={onClose} onCancel={(e) => busy && e.preventDefault()}>
      <div className="pe-dialog-head">
        <h2 id="pe-export-title" className="pe-h2">
          Download your {info.label.toLowerCase()}
        </h2>
        <button type="button" className="pe-icon-btn" aria-label="Close" onClick={onClose} disabled={busy}>
          <Icon name="close" />
        </button>
      </div>
      {warning ? <p className="pe-warning">{warning}</p> : null}
      <div className="pe-formats" role="group" aria-label="File format">
        {FORMATS.map((f) => (
          <button key={f.format} type="button" className="pe-format" disabled={busy} onClick={() => void start(f.format)}>
            <span className="pe-format-label">{f.label}</span>
            <span className="pe-hint">{f.hint(info)}</span>
          </button>
        ))}
      </div>
      <div className="pe-progress-area" aria-live="polite">
        {progress ? (
          <>
            <progress className="pe-progress" max={1} value={progress.fraction} aria-label="Export progress" />
            <p className="pe-status">{progress.step}</p>
          </>
        ) : null}
        {error ? (
          <p className="pe-error" role="alert">
            {error}
          </p>
        ) : null}
        {file && !busy ? (
          <div className="pe-done">
            <p className="pe-status">
              Saved <strong>{file.name}</strong> ({(file.size / 1024 / 1024).toFixed(1)} MB).
            </p>
            <div className="pe-toolrow">
              {canShareFile(file) ? (
                <button type="button" className="pe-btn pe-btn-primary" onClick={() => void shareFile(file, info.label).catch((e) => setError(errorMessage(e)))}>
                  <Icon name="share" /> Share
                </button>
              ) : null}
              <button type="button" className="pe-btn" onClick={() => downloadFile(file, file.name)}>
                <Icon name="download" /> Download again
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
