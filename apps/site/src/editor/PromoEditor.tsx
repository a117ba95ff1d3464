'use client';
import '@/lib/zod-jitless';
import '@fontsource-variable/inter/wght.css';
import { PHOTO_WIDTHS, isHttpUrl } from '@eventsite/contract/constants';
import type { CertificateTemplate, PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { photoUrl } from '@/provider/photo-urls';
import { fetchCertificateTemplate, fetchPromoPhotos } from '@/provider/promo';
import { forget, lastTemplate, loadDesign, saveDesign, type SaveOutcome } from './data/storage';
import { exportDesign, exportErrorMessage, type ExportFormat, type Progress } from './export/run';
import type { ActionArgs, ActionName } from './model/actions';
import { designFromCertificateTemplate } from './model/certificate';
import { canRedo, canUndo } from './model/history';
import { createEditor, dispatch, redoEditor, undoEditor, type Editor } from './model/editor';
import { newImage, newShape, newSticker, newText } from './model/factories';
import { paletteFor, withAlpha } from './model/palette';
import type { Background, Design, DesignElement, TemplateKind } from './model/schema';
import { TEMPLATES, TEMPLATE_LIST, buildTemplate, photoWidthFor, type EventData } from './model/templates';
import { gradient } from './model/templates/shared';
import { AddPanel } from './ui/AddPanel';
import { CanvasStage, type CanvasHandle, type ElementPatch } from './ui/CanvasStage';
import { CertificatePanel } from './ui/CertificatePanel';
import { ExportDialog } from './ui/ExportDialog';
import { Icon, type IconName } from './ui/icons';
import { Inspector } from './ui/Inspector';
import { LayersPanel } from './ui/LayersPanel';
import { PhotoPicker } from './ui/PhotoPicker';
import { STICKER_LABELS } from './render/stickers';
import { EDITOR_CSS } from './ui/styles';
import { TemplatesPanel } from './ui/TemplatesPanel';
import { settleImages } from './render/images';
import { useKeyboard } from './ui/useKeyboard';

export type PromoFeatures = { download_certificate: boolean; enable_custom_certificate: boolean; bib_search: boolean };

/**
 * What the route already loaded, on the server, of the event and of the organiser of the host
 * the visitor is on: the editor never asks the provider for them again. An optional field is
 * one the event or the organiser does not have.
 */
export type PromoEditorProps = {
  eventId: number;
  eventName: string;
  apiUrl: string;
  /** `YYYY-MM-DD`. */
  eventDate?: string;
  city?: string;
  organiserName?: string;
  logoUrl?: string;
  themeColour?: string;
  bannerUrl?: string;
  /** The event's feature flags. */
  features: PromoFeatures;
};

type Tab = 'templates' | 'photos' | 'add' | 'certificate' | 'layers';

const AUTOSAVE_MS = 800;
const CONFIG_TIMEOUT_MS = 5000;

const SAVE_TEXT: Record<SaveOutcome | 'idle', string> = {
  idle: 'Your design is kept in this browser as you edit.',
  saved: 'Saved in this browser.',
  full: "Not saved: this browser's storage is full. Download your design to keep it.",
  unavailable: "Not saved: this browser doesn't allow saving. Download your design to keep it.",
};

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]).catch(() => undefined);
}

/** The event photo whose shape is closest to the template's, so a story gets a portrait. */
function bestPhoto(photos: PhotoListItem[], kind: TemplateKind): PhotoListItem | undefined {
  const t = TEMPLATES[kind];
  const want = Math.log(t.width / t.height);
  return [...photos].sort((a, b) => Math.abs(Math.log(a.width / a.height) - want) - Math.abs(Math.log(b.width / b.height) - want))[0];
}

/**
 * The promo editor: pick a size, edit the design the event's data filled in, add photos, text,
 * shapes and stickers, and download it as PNG, JPEG or PDF (or a finisher certificate).
 */
export function PromoEditor(props: PromoEditorProps) {
  const { eventId, apiUrl } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<CanvasHandle>(null);
  const canvasBoxRef = useRef<HTMLDivElement>(null);
  const descId = useId();
  const tabsId = useId();

  const [event] = useState<EventData>(() => ({
    eventName: props.eventName,
    ...(props.eventDate ? { eventDate: props.eventDate } : {}),
    ...(props.city ? { city: props.city } : {}),
    ...(props.organiserName ? { organiserName: props.organiserName } : {}),
    ...(isHttpUrl(props.logoUrl) ? { logoUrl: props.logoUrl } : {}),
    ...(props.themeColour ? { themeColour: props.themeColour } : {}),
    ...(isHttpUrl(props.bannerUrl) ? { bannerUrl: props.bannerUrl } : {}),
  }));
  const [features] = useState<PromoFeatures>(props.features);
  const [photos, setPhotos] = useState<PhotoListItem[]>([]);
  const [customCert, setCustomCert] = useState<CertificateTemplate | undefined>();
  const [ready, setReady] = useState(false);
  const [kind, setKind] = useState<TemplateKind>('post-square');
  const [editor, setEditor] = useState<Editor | null>(null);
  const [tab, setTab] = useState<Tab>('templates');
  const [fontsVersion, setFontsVersion] = useState(0);
  const [saveState, setSaveState] = useState<SaveOutcome | 'idle'>('idle');
  const [exporting, setExporting] = useState<{ auto?: ExportFormat } | null>(null);
  const [exportWarning, setExportWarning] = useState<string | undefined>();
  const [confirmReset, setConfirmReset] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const loadedDesign = useRef<Design | null>(null);

  const palette = useMemo(() => paletteFor(event.themeColour), [event.themeColour]);

  // Ask for what the route does not have: a photo for the templates, the organiser's certificate.
  useEffect(() => {
    const ctrl = new AbortController();
    void (async () => {
      const [page, certificate] = await Promise.all([
        withTimeout(fetchPromoPhotos(apiUrl, eventId, { signal: ctrl.signal }), CONFIG_TIMEOUT_MS),
        features.enable_custom_certificate ? withTimeout(fetchCertificateTemplate(apiUrl, eventId, ctrl.signal), CONFIG_TIMEOUT_MS) : undefined,
      ]);
      if (ctrl.signal.aborted) return;
      if (certificate) setCustomCert(certificate);
      if (page) setPhotos(page.photos);
      const last = lastTemplate(eventId);
      if (last && (!TEMPLATES[last].certificate || features.download_certificate)) setKind(last);
      setReady(true);
    })();
    return () => ctrl.abort();
    // Runs once per event: the flags it reads are the route's.
  }, [apiUrl, eventId]);

  // Canvas text is measured with the font it has: measure again once Inter has arrived.
  useEffect(() => {
    if (typeof document === 'undefined' || !document.fonts) return;
    const weights = [400, 500, 600, 700, 800, 900];
    void Promise.all(weights.flatMap((w) => [document.fonts.load(`${w} 40px "Inter Variable"`), document.fonts.load(`italic ${w} 40px "Inter Variable"`)]))
      .catch(() => undefined)
      .then(() => setFontsVersion((v) => v + 1));
  }, []);

  const eventFor = useCallback(
    (k: TemplateKind): EventData => {
      const p = bestPhoto(photos, k);
      return p ? { ...event, photoUrl: photoUrl(apiUrl, p.uuid, photoWidthFor(k, PHOTO_WIDTHS)) } : event;
    },
    [event, photos, apiUrl],
  );

  const freshDesign = useCallback(
    (k: TemplateKind): Design => {
      const info = TEMPLATES[k];
      if (info.certificate && customCert && (customCert.page.orientation === 'landscape') === (k === 'certificate-landscape')) {
        return designFromCertificateTemplate(customCert, event);
      }
      return buildTemplate(k, eventFor(k));
    },
    [customCert, event, eventFor],
  );

  // Open the chosen template: the autosaved design if there is a valid one, else a fresh one.
  useEffect(() => {
    if (!ready) return;
    const design = loadDesign(eventId, kind) ?? freshDesign(kind);
    loadedDesign.current = design;
    setEditor(createEditor(design));
    setSaveState('idle');
    // Only a template change (or becoming ready) opens a design; data arriving later does not
    // replace what the person is editing.
  }, [ready, kind, eventId]);

  // Autosave, debounced, only once the design differs from what was opened.
  const present = editor?.history.present;
  useEffect(() => {
    if (!present || present === loadedDesign.current) return;
    const t = setTimeout(() => setSaveState(saveDesign(eventId, present)), AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [present, eventId]);

  const run = useCallback(<N extends ActionName>(name: N, args: ActionArgs<N>) => {
    setEditor((ed) => (ed ? dispatch(ed, name, args) : ed));
  }, []);

  const applyPatches = useCallback((changes: ElementPatch[]) => {
    setEditor((ed) => {
      if (!ed || !changes.length) return ed;
      let next = ed;
      for (const c of changes) next = dispatch(next, 'updateElement', { id: c.id, patch: c.patch, live: true });
      return dispatch(next, 'commitLive', undefined);
    });
  }, []);

  const state = editor?.state;
  const design = state?.design;
  const selection = useMemo(() => state?.selection ?? [], [state?.selection]);
  const selected = design?.elements.filter((e) => selection.includes(e.id)) ?? [];
  const first = selected[0];
  const info = TEMPLATES[kind];

  useEffect(() => {
    setAnnouncement(first ? `${selected.length > 1 ? `${selected.length} elements` : first.name} selected` : '');
    // Announce only when the selection changes.
  }, [selection.join(',')]);

  const undo = useCallback(() => setEditor((ed) => (ed ? undoEditor(ed) : ed)), []);
  const redo = useCallback(() => setEditor((ed) => (ed ? redoEditor(ed) : ed)), []);
  const nudgeStep = design ? Math.max(1, Math.round(design.width / 540)) : 1;

  useKeyboard(
    rootRef,
    {
      undo,
      redo,
      remove: () => run('deleteSelection', undefined),
      duplicate: () => run('duplicateSelection', undefined),
      deselect: () => run('clearSelection', undefined),
      nudge: (dx, dy) => run('nudge', { dx, dy }),
      hasSelection: () => selection.length > 0,
    },
    nudgeStep,
  );

  const onSelect = useCallback((ids: string[], additive: boolean) => run('select', { ids, additive }), [run]);
  const add = (el: DesignElement) => run('addElement', { element: el });

  const backgrounds = useMemo(() => {
    const out: { id: string; label: string; background: Background }[] = [{ id: 'brand', label: 'Brand colour', background: { kind: 'gradient', fill: gradient(135, palette.brand, palette.deep) } }];
    const scrim = gradient(90, withAlpha(palette.deep, 0.1), withAlpha(palette.deep, 0.35), withAlpha(palette.deep, 0.9));
    const photo = eventFor(kind).photoUrl;
    if (photo) out.push({ id: 'photo', label: 'Event photo', background: { kind: 'image', src: photo, source: 'photo', overlay: scrim, fallback: gradient(135, palette.brand, palette.deep) } });
    if (event.bannerUrl) out.push({ id: 'banner', label: 'Event banner', background: { kind: 'image', src: event.bannerUrl, source: 'banner', overlay: scrim, fallback: gradient(135, palette.brand, palette.deep) } });
    return out;
  }, [palette, eventFor, kind, event.bannerUrl]);

  const onPick = (photo: PhotoListItem, target: 'layer' | 'background' | 'replace') => {
    if (!design) return;
    const src = photoUrl(apiUrl, photo.uuid, photoWidthFor(kind, PHOTO_WIDTHS));
    if (target === 'background') {
      const overlay = design.background.kind === 'image' ? design.background.overlay : gradient(90, withAlpha(palette.deep, 0.1), withAlpha(palette.deep, 0.35), withAlpha(palette.deep, 0.9));
      run('setBackground', { background: { kind: 'image', src, source: 'photo', ...(overlay ? { overlay } : {}), fallback: gradient(135, palette.brand, palette.deep) } });
    } else if (target === 'replace' && first?.type === 'image') {
      run('updateElement', { id: first.id, patch: { src } });
    } else {
      add(newImage(design, src, photo));
    }
  };

  const exportRun = useCallback(
    async (format: ExportFormat, onProgress: (p: Progress) => void) => {
      if (!design) throw new Error('The editor is not ready yet.');
      // Finish an in-place text edit so the export has the latest text.
      if (document.activeElement instanceof HTMLTextAreaElement) document.activeElement.blur();
      onProgress({ step: 'Loading pictures…', fraction: 0.05 });
      const srcs = [...(design.background.kind === 'image' ? [design.background.src] : []), ...design.elements.flatMap((e) => (e.type === 'image' ? [e.src] : []))];
      const failed = await settleImages(srcs);
      setExportWarning(failed.length ? `${failed.length === 1 ? 'One picture' : `${failed.length} pictures`} could not be loaded and ${failed.length === 1 ? 'is' : 'are'} missing from the file. Check your connection, or replace ${failed.length === 1 ? 'it' : 'them'}.` : undefined);
      return exportDesign(design, { format, eventName: event.eventName, ...(event.organiserName ? { author: event.organiserName } : {}), onProgress });
    },
    [design, event.eventName, event.organiserName],
  );

  const templates = TEMPLATE_LIST.filter((t) => !t.certificate || features.download_certificate);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'templates', label: 'Design' },
    { id: 'photos', label: 'Photos' },
    { id: 'add', label: 'Add' },
    ...(features.download_certificate ? [{ id: 'certificate' as const, label: 'Certificate' }] : []),
    { id: 'layers', label: 'Layers' },
  ];

  const topButton = (icon: IconName, label: string, onClick: () => void, disabled = false, className = '') => (
    <button type="button" className={`pe-icon-btn ${className}`} aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <Icon name={icon} />
    </button>
  );

  const describe = design
    ? `${info.label}, ${design.width} by ${design.height} pixels, ${design.elements.length} elements: ${design.elements
        .map((e) => (e.type === 'text' ? `text "${e.text.slice(0, 60)}"` : e.name))
        .join('; ')}. Double-click a text to edit it. Select elements with the Layers tab; arrow keys move them.`
    : '';

  return (
    <div
      ref={rootRef}
      className="pe-root"
      style={{ ['--pe-brand' as string]: palette.brand, ['--pe-on-brand' as string]: palette.onBrand }}
      data-testid="promo-editor"
    >
      <style>{EDITOR_CSS}</style>
      <header className="pe-topbar">
        {/* The route's page carries the h1; the editor is a section under it. */}
        <h2 className="pe-title">
          {event.eventName}
          <small>{info.label}</small>
        </h2>
        {topButton('undo', 'Undo (Ctrl+Z)', undo, !editor || !canUndo(editor.history))}
        {topButton('redo', 'Redo (Ctrl+Shift+Z)', redo, !editor || !canRedo(editor.history))}
        <span className="pe-sep pe-hide-phone" aria-hidden="true" />
        {topButton('zoomOut', 'Zoom out', () => canvasRef.current?.zoomBy(1 / 1.25), false, 'pe-hide-phone')}
        {topButton('fit', 'Fit to screen', () => canvasRef.current?.zoomToFit())}
        {topButton('zoomIn', 'Zoom in', () => canvasRef.current?.zoomBy(1.25), false, 'pe-hide-phone')}
        {topButton('reset', 'Reset to template', () => setConfirmReset(true), !editor)}
        <button type="button" className="pe-btn pe-btn-primary" onClick={() => setExporting({})} disabled={!editor} aria-label="Download">
          <Icon name="download" />
          <span className="pe-export-label">Download</span>
        </button>
      </header>
      {confirmReset ? (
        <div className="pe-confirm" role="alertdialog" aria-modal="false" aria-labelledby={`${descId}-reset`}>
          <p id={`${descId}-reset`} className="pe-text">
            Start again from the {info.label.toLowerCase()} template? Your changes to this design will be lost.
          </p>
          <div className="pe-toolrow" style={{ marginTop: 10, justifyContent: 'flex-end' }}>
            <button type="button" className="pe-btn" autoFocus onClick={() => setConfirmReset(false)}>
              Keep my design
            </button>
            <button
              type="button"
              className="pe-btn pe-btn-primary"
              onClick={() => {
                forget(eventId, kind);
                const d = freshDesign(kind);
                run('replaceDesign', { design: d });
                setConfirmReset(false);
              }}
            >
              Reset
            </button>
          </div>
        </div>
      ) : null}
      <div className="pe-main">
        <aside className="pe-side" aria-label="Editor tools">
          <div className="pe-tabs" role="tablist" aria-label="Tools">
            {tabs.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`${tabsId}-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`${tabsId}-panel`}
                tabIndex={tab === t.id ? 0 : -1}
                className="pe-tab"
                onClick={() => setTab(t.id)}
                onKeyDown={(e) => {
                  if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
                  e.preventDefault();
                  e.stopPropagation();
                  const i = tabs.findIndex((x) => x.id === tab);
                  const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
                  if (next) {
                    setTab(next.id);
                    document.getElementById(`${tabsId}-${next.id}`)?.focus();
                  }
                }}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
            {tab === 'templates' && design ? (
              <TemplatesPanel templates={templates} current={kind} onChoose={setKind} background={design.background} backgrounds={backgrounds} onBackground={(b) => run('setBackground', { background: b })} />
            ) : null}
            {tab === 'photos' ? <PhotoPicker apiUrl={apiUrl} eventId={eventId} bibSearch={features.bib_search} canReplace={selected.length === 1 && first?.type === 'image'} onPick={onPick} /> : null}
            {tab === 'add' && design ? (
              <AddPanel
                brand={palette.brand}
                onText={(p) => add(newText(design, p, TEMPLATES[kind].certificate ? palette.ink : '#FFFFFF'))}
                onShape={(t) => add(newShape(design, t, palette.brand))}
                onSticker={(s) => add(newSticker(design, s, palette.brand, STICKER_LABELS[s]))}
              />
            ) : null}
            {tab === 'certificate' ? (
              <CertificatePanel
                apiUrl={apiUrl}
                eventId={eventId}
                event={event}
                isCertificate={info.certificate}
                onOpenCertificate={() => setKind('certificate-landscape')}
                onFill={(values) => run('fillFields', { values })}
                onDownloadPdf={() => setExporting({ auto: 'pdf' })}
              />
            ) : null}
            {tab === 'layers' && design ? <LayersPanel elements={design.elements} selection={selection} onSelect={(id, additive) => onSelect([id], additive)} /> : null}
          </div>
        </aside>
        <div className="pe-canvas-col">
          <div
            ref={canvasBoxRef}
            className="pe-canvas"
            tabIndex={0}
            role="group"
            aria-roledescription="design canvas"
            aria-label={`${info.label} canvas`}
            aria-describedby={descId}
            // Focus follows the pointer so the shortcuts work after a click; no focus ring for a click.
            onPointerDown={() => canvasBoxRef.current?.focus({ preventScroll: true, focusVisible: false } as FocusOptions)}
          >
            {design ? (
              <CanvasStage
                ref={canvasRef}
                design={design}
                selection={selection}
                fontsVersion={fontsVersion}
                label=""
                onSelect={onSelect}
                onChange={applyPatches}
              />
            ) : (
              <div className="pe-loading" role="status">
                Preparing your design…
              </div>
            )}
          </div>
          <p id={descId} className="pe-visually-hidden">
            {describe}
          </p>
          <p className="pe-visually-hidden" aria-live="polite">
            {announcement}
          </p>
          <div className="pe-canvas-foot">
            <span role="status">{SAVE_TEXT[saveState]}</span>
            <span className="pe-hide-phone">{design ? `${design.width}×${design.height} px` : ''}</span>
          </div>
        </div>
        {first && design ? (
          <aside className="pe-inspector" aria-label="Selected element">
            <Inspector
              el={first}
              count={selected.length}
              onChange={(patch, live) => {
                for (const el of selected.length === 1 ? selected : []) run('updateElement', { id: el.id, patch, ...(live ? { live } : {}) });
              }}
              onCommit={() => run('commitLive', undefined)}
              onAlign={(how) => run('align', { how, sizes: canvasRef.current?.sizes() ?? {} })}
              onOrder={(how) => run('order', { how })}
              onDuplicate={() => run('duplicateSelection', undefined)}
              onDelete={() => run('deleteSelection', undefined)}
              onEditText={() => canvasRef.current?.editText(first.id)}
              onReplacePhoto={() => setTab('photos')}
            />
          </aside>
        ) : (
          <aside className="pe-inspector pe-hide-phone" aria-label="Selected element">
            <div className="pe-panel-body">
              <p className="pe-text">Select something on the canvas to change it. Double-click a text to edit it in place.</p>
            </div>
          </aside>
        )}
      </div>
      {design ? (
        <ExportDialog
          open={exporting !== null}
          info={info}
          autoStart={exporting?.auto}
          warning={exportWarning}
          onClose={() => {
            setExporting(null);
            setExportWarning(undefined);
          }}
          run={exportRun}
          errorMessage={exportErrorMessage}
        />
      ) : null}
    </div>
  );
}

export default PromoEditor;
