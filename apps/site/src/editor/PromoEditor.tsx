'use client';
import '@/lib/zod-jitless';
import '@fontsource-variable/inter/wght.css';
import { PHOTO_WIDTHS, isHttpUrl } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { photoUrl } from '@/provider/photo-urls';
import { forget, loadDesign, saveDesign, type SaveOutcome } from './data/storage';
import { exportErrorMessage } from './export/run';
import type { ActionArgs, ActionName } from './model/actions';
import { designFromCertificateTemplate } from './model/certificate';
import { promoIntent } from './model/intent';
import { canRedo, canUndo } from './model/history';
import { createEditor, dispatch, redoEditor, undoEditor, type Editor } from './model/editor';
import { newFrame, newImage, newShape, newSticker, newText } from './model/factories';
import { paletteFor, withAlpha } from './model/palette';
import type { Background, Design, DesignElement, TemplateKind } from './model/schema';
import { TEMPLATES, TEMPLATE_LIST, buildTemplate, photoWidthFor, type EventData } from './model/templates';
import { gradient } from './model/templates/shared';
import { AddPanel } from './ui/AddPanel';
import { CanvasStage, type CanvasHandle, type ElementPatch } from './ui/CanvasStage';
import { CertificatePanel } from './ui/CertificatePanel';
import { ExportDialog } from './ui/ExportDialog';
import { Inspector } from './ui/Inspector';
import { LayersPanel } from './ui/LayersPanel';
import { PhotoPicker } from './ui/PhotoPicker';
import { STICKER_LABELS } from './render/stickers';
import { EDITOR_CSS } from './ui/styles';
import { TemplatesPanel } from './ui/TemplatesPanel';
import { ToolTabs, type Tab } from './ui/ToolTabs';
import { ResetConfirm, TopBar } from './ui/TopBar';
import { useExport } from './ui/useExport';
import { useKeyboard } from './ui/useKeyboard';
import { usePromoData, type PromoFeatures } from './usePromoData';

export type { PromoFeatures } from './usePromoData';

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
  /** The plate under the logo on dark designs, from the logo's own colours. */
  logoPlate?: string;
  themeColour?: string;
  bannerUrl?: string;
  /** The event's feature flags. */
  features: PromoFeatures;
};

const AUTOSAVE_MS = 800;

const SAVE_TEXT: Record<SaveOutcome | 'idle', string> = {
  idle: 'Your design is kept in this browser as you edit.',
  saved: 'Saved in this browser.',
  full: "Not saved: this browser's storage is full. Download your design to keep it.",
  unavailable: "Not saved: this browser doesn't allow saving. Download your design to keep it.",
};

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
    ...(props.logoPlate ? { logoPlate: props.logoPlate } : {}),
    ...(props.themeColour ? { themeColour: props.themeColour } : {}),
    ...(isHttpUrl(props.bannerUrl) ? { bannerUrl: props.bannerUrl } : {}),
  }));
  const [features] = useState<PromoFeatures>(props.features);
  // A link's template, bib and photo (?template=certificate&bib=1234, ?template=poster&photo=…).
  const [intent] = useState(() => promoIntent(typeof window === 'undefined' ? '' : window.location.search, props.features.download_certificate));
  const [kind, setKind] = useState<TemplateKind>(intent.template ?? 'post-square');
  const [editor, setEditor] = useState<Editor | null>(null);
  const [tab, setTab] = useState<Tab>(intent.bib && intent.template && TEMPLATES[intent.template].certificate ? 'certificate' : 'templates');
  const intentOpened = useRef(false);
  // The link's bib fills the certificate once; after that the visitor's edits are theirs.
  const [linkedBib, setLinkedBib] = useState(intent.bib);
  const [saveState, setSaveState] = useState<SaveOutcome | 'idle'>('idle');
  const [confirmReset, setConfirmReset] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const loadedDesign = useRef<Design | null>(null);

  const palette = useMemo(() => paletteFor(event.themeColour), [event.themeColour]);

  // The template a link asks for wins over the one last used.
  const { photos, customCert, ready, fontsVersion, frames } = usePromoData(apiUrl, eventId, features, intent.template ? () => undefined : setKind);

  const eventFor = useCallback(
    (k: TemplateKind): EventData => {
      const uuid = intent.photo ?? bestPhoto(photos, k)?.uuid;
      return uuid ? { ...event, photoUrl: photoUrl(apiUrl, uuid, photoWidthFor(k, PHOTO_WIDTHS)) } : event;
    },
    [event, photos, apiUrl, intent.photo],
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
    // A link's photo opens a fresh design with it, not the one saved before.
    const fresh = intent.photo !== null && !intentOpened.current;
    intentOpened.current = true;
    const design = (fresh ? null : loadDesign(eventId, kind)) ?? freshDesign(kind);
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

  const exported = useExport(design, { eventName: event.eventName, ...(event.organiserName ? { author: event.organiserName } : {}) });

  const templates = TEMPLATE_LIST.filter((t) => !t.certificate || features.download_certificate);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'templates', label: 'Design' },
    { id: 'photos', label: 'Photos' },
    { id: 'add', label: 'Add' },
    ...(features.download_certificate ? [{ id: 'certificate' as const, label: 'Certificate' }] : []),
    { id: 'layers', label: 'Layers' },
  ];

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
      <TopBar
        eventName={event.eventName}
        templateLabel={info.label}
        disabled={!editor}
        canUndo={Boolean(editor && canUndo(editor.history))}
        canRedo={Boolean(editor && canRedo(editor.history))}
        onUndo={undo}
        onRedo={redo}
        onZoomBy={(factor) => canvasRef.current?.zoomBy(factor)}
        onFit={() => canvasRef.current?.zoomToFit()}
        onReset={() => setConfirmReset(true)}
        onDownload={() => exported.open({})}
      />
      {confirmReset ? (
        <ResetConfirm
          id={`${descId}-reset`}
          templateLabel={info.label}
          onKeep={() => setConfirmReset(false)}
          onReset={() => {
            forget(eventId, kind);
            const d = freshDesign(kind);
            run('replaceDesign', { design: d });
            setConfirmReset(false);
          }}
        />
      ) : null}
      <div className="pe-main">
        <ToolTabs id={tabsId} tabs={tabs} tab={tab} onTab={setTab}>
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
              frames={frames}
              onFrame={(f) => add(newFrame(design, f.url, f.name))}
            />
          ) : null}
          {tab === 'certificate' ? (
            <CertificatePanel
              apiUrl={apiUrl}
              eventId={eventId}
              event={event}
              isCertificate={info.certificate}
              initialBib={linkedBib}
              canFill={Boolean(design)}
              onOpenCertificate={() => setKind('certificate-landscape')}
              onFill={(values) => {
                setLinkedBib(null);
                run('fillFields', { values });
              }}
              onDownloadPdf={() => exported.open({ auto: 'pdf' })}
            />
          ) : null}
          {tab === 'layers' && design ? <LayersPanel elements={design.elements} selection={selection} onSelect={(id, additive) => onSelect([id], additive)} /> : null}
        </ToolTabs>
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
          open={exported.exporting !== null}
          info={info}
          autoStart={exported.exporting?.auto}
          warning={exported.warning}
          onClose={exported.close}
          run={exported.run}
          errorMessage={exportErrorMessage}
        />
      ) : null}
    </div>
  );
}

export default PromoEditor;
