'use client';
import { useCallback, useRef, useState } from 'react';
import { exportDesign, type ExportFormat, type Progress } from '../export/run';
import type { Design } from '../model/schema';
import { settleImages } from '../render/images';

const missingWarning = (n: number) =>
  `${n === 1 ? 'One picture' : `${n} pictures`} could not be loaded and ${n === 1 ? 'is' : 'are'} missing from the file. Check your connection, or replace ${n === 1 ? 'it' : 'them'}.`;

/**
 * The Download dialog's state and what it runs: the design as the person left it (an in-place
 * text edit is finished first), exported headless by export/run.ts.
 */
export function useExport(design: Design | undefined, meta: { eventName: string; author?: string }) {
  const [exporting, setExporting] = useState<{ auto?: ExportFormat } | null>(null);
  const [warning, setWarning] = useState<string | undefined>();
  const latest = useRef(design);
  latest.current = design;
  const { eventName, author } = meta;

  const run = useCallback(
    async (format: ExportFormat, onProgress: (p: Progress) => void) => {
      if (!latest.current) throw new Error('The editor is not ready yet.');
      // Finish an in-place text edit so the export has the latest text.
      if (document.activeElement instanceof HTMLTextAreaElement) document.activeElement.blur();
      onProgress({ step: 'Loading pictures…', fraction: 0.05 });
      const before = latest.current;
      const srcs = [...(before.background.kind === 'image' ? [before.background.src] : []), ...before.elements.flatMap((e) => (e.type === 'image' ? [e.src] : []))];
      const failed = await settleImages(srcs);
      setWarning(failed.length ? missingWarning(failed.length) : undefined);
      return exportDesign(latest.current ?? before, { format, eventName, ...(author ? { author } : {}), onProgress });
    },
    [eventName, author],
  );
  const close = useCallback(() => {
    setExporting(null);
    setWarning(undefined);
  }, []);

  return { exporting, open: setExporting, close, warning, run };
}
