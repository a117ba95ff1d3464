'use client';
import { Icon, type IconName } from './icons';

type Props = {
  eventName: string;
  templateLabel: string;
  /** No design yet: only the view buttons work. */
  disabled: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onZoomBy: (factor: number) => void;
  onFit: () => void;
  onReset: () => void;
  onDownload: () => void;
};

/** The editor's title and its toolbar: undo, redo, zoom, reset and Download. */
export function TopBar(p: Props) {
  const topButton = (icon: IconName, label: string, onClick: () => void, disabled = false, className = '') => (
    <button type="button" className={`pe-icon-btn ${className}`} aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <Icon name={icon} />
    </button>
  );
  return (
    <header className="pe-topbar">
      {/* The route's page carries the h1; the editor is a section under it. */}
      <h2 className="pe-title">
        {p.eventName}
        <small>{p.templateLabel}</small>
      </h2>
      {topButton('undo', 'Undo (Ctrl+Z)', p.onUndo, !p.canUndo)}
      {topButton('redo', 'Redo (Ctrl+Shift+Z)', p.onRedo, !p.canRedo)}
      <span className="pe-sep pe-hide-phone" aria-hidden="true" />
      {topButton('zoomOut', 'Zoom out', () => p.onZoomBy(1 / 1.25), false, 'pe-hide-phone')}
      {topButton('fit', 'Fit to screen', p.onFit)}
      {topButton('zoomIn', 'Zoom in', () => p.onZoomBy(1.25), false, 'pe-hide-phone')}
      {topButton('reset', 'Reset to template', p.onReset, p.disabled)}
      <button type="button" className="pe-btn pe-btn-primary" onClick={p.onDownload} disabled={p.disabled} aria-label="Download">
        <Icon name="download" />
        <span className="pe-export-label">Download</span>
      </button>
    </header>
  );
}

/** "Start again from the template?", asked before a reset. */
export function ResetConfirm({ id, templateLabel, onKeep, onReset }: { id: string; templateLabel: string; onKeep: () => void; onReset: () => void }) {
  return (
    <div className="pe-confirm" role="alertdialog" aria-modal="false" aria-labelledby={id}>
      <p id={id} className="pe-text">
        Start again from the {templateLabel.toLowerCase()} template? Your changes to this design will be lost.
      </p>
      <div className="pe-toolrow" style={{ marginTop: 10, justifyContent: 'flex-end' }}>
        <button type="button" className="pe-btn" autoFocus onClick={onKeep}>
          Keep my design
        </button>
        <button type="button" className="pe-btn pe-btn-primary" onClick={onReset}>
          Reset
        </button>
      </div>
    </div>
  );
}
