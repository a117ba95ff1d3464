'use client';
import Konva from 'konva';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Group, Layer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
import { clamp } from '../model/geometry';
import type { Design, DesignElement, Rect as Box, TextElement } from '../model/schema';
import { snapBox, type Guide } from '../model/snapping';
import { BackgroundNode } from './BackgroundNode';
import { ElementNode, type NodeHandlers } from './nodes';
import { TextEditorOverlay } from './TextEditorOverlay';
import { useViewport } from './useViewport';

// Pinch-zoom on touch screens needs hit detection while a finger is dragging.
Konva.hitOnDragEnabled = true;

export type ElementPatch = { id: string; patch: Partial<DesignElement> };

export type CanvasHandle = {
  /** Rendered size of each element, for aligning texts whose height the model only estimates. */
  sizes: () => Record<string, { width: number; height: number }>;
  zoomBy: (factor: number) => void;
  zoomToFit: () => void;
  editText: (id: string) => void;
};

type Props = {
  design: Design;
  selection: string[];
  /** Bumped when web fonts finish loading so Konva measures text again. */
  fontsVersion: number;
  label: string;
  onSelect: (ids: string[], additive: boolean) => void;
  onChange: (changes: ElementPatch[]) => void;
  onZoomChange?: (zoom: number) => void;
};

const SNAP_PX = 6;
const CORNER_ANCHORS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const ALL_ANCHORS = [...CORNER_ANCHORS, 'top-center', 'bottom-center', 'middle-left', 'middle-right'];

export const CanvasStage = forwardRef<CanvasHandle, Props>(function CanvasStage(
  { design, selection, fontsVersion, label, onSelect, onChange, onZoomChange },
  ref,
) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const contentRef = useRef<Konva.Group>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<string, Konva.Node>());
  const [guides, setGuides] = useState<Guide[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const dragTargets = useRef<Box[]>([]);

  const { size, zoom, scale, origin, pinch, zoomBy, zoomToFit, onTouchMove, onWheel, onStageDragEnd } = useViewport(design, { wrapRef, stageRef, nodes, onZoomChange });

  const elementsById = useMemo(() => new Map(design.elements.map((e) => [e.id, e])), [design.elements]);

  // Keep the transformer on the selected, unlocked nodes.
  useEffect(() => {
    const tr = trRef.current;
    if (!tr) return;
    const attached = selection
      .filter((id) => id !== editing && !elementsById.get(id)?.locked)
      .map((id) => nodes.current.get(id))
      .filter((n): n is Konva.Node => Boolean(n));
    tr.nodes(attached);
    tr.getLayer()?.batchDraw();
  }, [selection, design, editing, elementsById, fontsVersion]);

  const boxOf = useCallback((node: Konva.Node): Box => {
    const content = contentRef.current;
    const r = node.getClientRect(content ? { relativeTo: content, skipShadow: true } : { skipShadow: true });
    return { x: r.x, y: r.y, width: Math.max(r.width, 1), height: Math.max(r.height, 1) };
  }, []);

  const handlers: NodeHandlers = useMemo(
    () => ({
      register: (id, node) => {
        if (node) nodes.current.set(id, node);
        else nodes.current.delete(id);
      },
      onSelect: (id, additive) => {
        if (!selection.includes(id) || additive) onSelect([id], additive);
      },
      onDragMove: (id, node) => {
        if (pinch.current) return;
        if (selection.length > 1) return; // a group moves as one: no per-node snapping
        if (!dragTargets.current.length) {
          dragTargets.current = design.elements
            .filter((e) => e.id !== id)
            .map((e) => nodes.current.get(e.id))
            .filter((n): n is Konva.Node => Boolean(n))
            .map(boxOf);
        }
        const box = boxOf(node);
        const snap = snapBox(box, dragTargets.current, design, SNAP_PX / scale, design.safeArea ? [design.safeArea] : []);
        if (snap.dx || snap.dy) {
          node.x(node.x() + snap.dx);
          node.y(node.y() + snap.dy);
        }
        setGuides(snap.guides);
      },
      onDragEnd: (id) => {
        dragTargets.current = [];
        setGuides([]);
        const ids = selection.includes(id) ? selection : [id];
        onChange(
          ids.flatMap((sid) => {
            const n = nodes.current.get(sid);
            return n ? [{ id: sid, patch: { x: n.x(), y: n.y() } }] : [];
          }),
        );
      },
      onTransformEnd: () => undefined,
      onEditText: (id) => setEditing(id),
    }),
    [selection, design, boxOf, scale, onSelect, onChange],
  );

  const onTransform = useCallback(() => {
    const tr = trRef.current;
    if (!tr) return;
    const anchor = tr.getActiveAnchor();
    // Side handles on a text change its wrapping width, not its letters' shape.
    if (anchor === 'middle-left' || anchor === 'middle-right') {
      for (const n of tr.nodes()) {
        const t = (n as Konva.Group).findOne?.('Text') as Konva.Text | undefined;
        if (!t) continue;
        const sx = n.scaleX();
        n.scaleX(1);
        n.scaleY(1);
        t.width(Math.max(20, t.width() * sx));
      }
    }
  }, []);

  const onTransformEnd = useCallback(() => {
    const tr = trRef.current;
    if (!tr) return;
    const changes: ElementPatch[] = [];
    for (const n of tr.nodes()) {
      const el = elementsById.get(n.id());
      if (!el) continue;
      const sx = n.scaleX();
      const sy = n.scaleY();
      n.scaleX(1);
      n.scaleY(1);
      const common = { x: n.x(), y: n.y(), rotation: Math.round(n.rotation() * 100) / 100 };
      if (el.type === 'text') {
        const t = (n as Konva.Group).findOne('Text') as Konva.Text | undefined;
        const width = (t?.width() ?? el.width) * sx;
        const patch: Partial<TextElement> = { ...common, width, fontSize: clamp(el.fontSize * sy, 4, 2000), height: (t?.height() ?? el.height) * sy };
        changes.push({ id: el.id, patch });
      } else {
        changes.push({ id: el.id, patch: { ...common, width: Math.max(1, el.width * sx), height: Math.max(1, el.height * sy) } });
      }
    }
    onChange(changes);
  }, [elementsById, onChange]);

  useImperativeHandle(
    ref,
    () => ({
      sizes() {
        const out: Record<string, { width: number; height: number }> = {};
        nodes.current.forEach((n, id) => {
          const el = elementsById.get(id);
          if (el) out[id] = { width: el.width, height: el.type === 'text' ? Math.max(1, (n as Konva.Group).findOne('Text')?.height() ?? el.height) : el.height };
        });
        return out;
      },
      zoomBy,
      zoomToFit,
      editText(id) {
        setEditing(id);
      },
    }),
    [zoomBy, zoomToFit, elementsById],
  );

  const editingEl = editing ? elementsById.get(editing) : undefined;
  // On a small box the side handles would sit on top of the corner ones: keep the corners only.
  const smallest = Math.min(...selection.map((id) => elementsById.get(id)).map((e) => (e ? Math.min(e.width, e.height) * scale : Infinity)));
  const anchors = smallest < 48 ? CORNER_ANCHORS : ALL_ANCHORS;
  const hair = 1 / scale;
  const safe = design.safeArea;

  return (
    <div ref={wrapRef} className="pe-stage-wrap">
      {size.width > 0 && size.height > 0 ? (
        <Stage
          ref={stageRef}
          width={size.width}
          height={size.height}
          x={origin.x}
          y={origin.y}
          scaleX={scale}
          scaleY={scale}
          draggable={zoom > 1}
          dragBoundFunc={(p) => p}
          onDragEnd={onStageDragEnd}
          onMouseDown={(e) => {
            if (e.target === e.target.getStage() || e.target.name() === 'background' || e.target.getParent()?.name() === 'background') onSelect([], false);
          }}
          onTouchStart={(e) => {
            if (e.evt.touches.length === 1 && (e.target === e.target.getStage() || e.target.getParent()?.name() === 'background' || e.target.name() === 'background')) onSelect([], false);
          }}
          onTouchMove={onTouchMove}
          onTouchEnd={() => {
            pinch.current = null;
          }}
          onWheel={onWheel}
        >
          <Layer listening={false}>
            <Rect width={design.width} height={design.height} fill="#FFFFFF" shadowColor="rgba(0,0,0,0.25)" shadowBlur={24 / scale} shadowOffsetY={4 / scale} />
          </Layer>
          <Layer key={fontsVersion}>
            <Group ref={contentRef} clipX={0} clipY={0} clipWidth={design.width} clipHeight={design.height}>
              <BackgroundNode background={design.background} width={design.width} height={design.height} />
              {design.elements.map((el) => (
                <ElementNode key={el.id} el={el} hidden={el.id === editing} handlers={handlers} interactive />
              ))}
            </Group>
          </Layer>
          <Layer>
            {safe ? (
              <Group listening={false} name="safe-area">
                <Rect x={0} y={0} width={design.width} height={safe.y} fill="rgba(15,23,42,0.35)" />
                <Rect x={0} y={safe.y + safe.height} width={design.width} height={design.height - safe.y - safe.height} fill="rgba(15,23,42,0.35)" />
                <Line points={[0, safe.y, design.width, safe.y]} stroke="#FF3D7F" strokeWidth={1.5 * hair} dash={[8 * hair, 6 * hair]} />
                <Line points={[0, safe.y + safe.height, design.width, safe.y + safe.height]} stroke="#FF3D7F" strokeWidth={1.5 * hair} dash={[8 * hair, 6 * hair]} />
                <Text x={12 * hair} y={safe.y - 20 * hair} text="Safe area: keep text inside" fontSize={12 * hair} fill="#FFFFFF" fontFamily="system-ui, sans-serif" />
              </Group>
            ) : null}
            {guides.map((g, i) =>
              g.orientation === 'vertical' ? (
                <Line key={i} listening={false} points={[g.x, g.y1, g.x, g.y2]} stroke="#FF3D7F" strokeWidth={hair} />
              ) : (
                <Line key={i} listening={false} points={[g.x1, g.y, g.x2, g.y]} stroke="#FF3D7F" strokeWidth={hair} />
              ),
            )}
            <Transformer
              ref={trRef}
              rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
              rotationSnapTolerance={4}
              anchorSize={size.width < 600 ? 14 : 10}
              enabledAnchors={anchors}
              anchorCornerRadius={3}
              borderStroke="#2563EB"
              anchorStroke="#2563EB"
              padding={0}
              ignoreStroke
              onTransform={onTransform}
              onTransformEnd={onTransformEnd}
              boundBoxFunc={(oldBox, newBox) => (Math.abs(newBox.width) < 12 || Math.abs(newBox.height) < 12 ? oldBox : newBox)}
            />
          </Layer>
        </Stage>
      ) : null}
      {editingEl && editingEl.type === 'text' ? (
        <TextEditorOverlay
          el={editingEl}
          scale={scale}
          origin={origin}
          onDone={(text) => {
            setEditing(null);
            if (text !== undefined && text !== editingEl.text) onChange([{ id: editingEl.id, patch: { text } }]);
          }}
        />
      ) : null}
      <span className="pe-visually-hidden">{label}</span>
    </div>
  );
});
