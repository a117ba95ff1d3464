'use client';
import type Konva from 'konva';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { clamp, fitScale } from '../model/geometry';
import type { Design } from '../model/schema';

const PAD = 16;
const MIN_ZOOM = 1;
const MAX_ZOOM = 6;

type ViewportRefs = {
  /** The box the stage fills. */
  wrapRef: RefObject<HTMLDivElement | null>;
  stageRef: RefObject<Konva.Stage | null>;
  /** The elements' nodes: two fingers stop any drag. */
  nodes: RefObject<Map<string, Konva.Node>>;
  onZoomChange?: (zoom: number) => void;
};

/**
 * How the design sits in its box: fitted, then zoomed (1-6×) and panned. Ctrl+wheel (a trackpad
 * pinch) and two fingers zoom about the pointer; the zoomed stage drags to pan.
 */
export function useViewport(design: Design, { wrapRef, stageRef, nodes, onZoomChange }: ViewportRefs) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const pinch = useRef<{ dist: number; centre: { x: number; y: number } } | null>(null);

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize({ width: Math.floor(width), height: Math.floor(height) });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const pad = size.width < 600 ? 8 : PAD;
  const fit = fitScale(design, { width: size.width - pad * 2, height: size.height - pad * 2 });
  const scale = fit * zoom;
  const origin = {
    x: (size.width - design.width * scale) / 2 + pan.x,
    y: (size.height - design.height * scale) / 2 + pan.y,
  };

  // A new template resets the view.
  useEffect(() => {
    setZoom(1);
    setPan({ x: 0, y: 0 });
  }, [design.template]);
  useEffect(() => onZoomChange?.(zoom), [zoom, onZoomChange]);

  const zoomAround = useCallback(
    (next: number, point: { x: number; y: number }) => {
      const z = clamp(next, MIN_ZOOM, MAX_ZOOM);
      const oldScale = fit * zoom;
      const newScale = fit * z;
      // Keep the design point under `point` where it is.
      const dx = (point.x - origin.x) / oldScale;
      const dy = (point.y - origin.y) / oldScale;
      const centred = { x: (size.width - design.width * newScale) / 2, y: (size.height - design.height * newScale) / 2 };
      setZoom(z);
      setPan(z === 1 ? { x: 0, y: 0 } : { x: point.x - dx * newScale - centred.x, y: point.y - dy * newScale - centred.y });
    },
    [fit, zoom, origin.x, origin.y, size, design.width, design.height],
  );

  const onTouchMove = useCallback(
    (e: Konva.KonvaEventObject<TouchEvent>) => {
      const touches = e.evt.touches;
      const [t1, t2] = [touches[0], touches[1]];
      if (!t1 || !t2) return;
      e.evt.preventDefault();
      // Two fingers zoom the view, they do not drag an element.
      nodes.current.forEach((n) => n.isDragging() && n.stopDrag());
      const rect = stageRef.current?.container().getBoundingClientRect();
      const centre = { x: (t1.clientX + t2.clientX) / 2 - (rect?.left ?? 0), y: (t1.clientY + t2.clientY) / 2 - (rect?.top ?? 0) };
      const dist = Math.hypot(t1.clientX - t2.clientX, t1.clientY - t2.clientY);
      if (pinch.current) zoomAround(zoom * (dist / pinch.current.dist), centre);
      pinch.current = { dist, centre };
    },
    [zoom, zoomAround],
  );

  const onWheel = useCallback(
    (e: Konva.KonvaEventObject<WheelEvent>) => {
      // Ctrl+wheel is also what a trackpad pinch sends; a plain wheel scrolls the page.
      if (!e.evt.ctrlKey && !e.evt.metaKey) return;
      e.evt.preventDefault();
      const p = stageRef.current?.getPointerPosition();
      if (p) zoomAround(zoom * (e.evt.deltaY < 0 ? 1.1 : 1 / 1.1), p);
    },
    [zoom, zoomAround],
  );

  const zoomBy = useCallback((factor: number) => zoomAround(zoom * factor, { x: size.width / 2, y: size.height / 2 }), [zoom, zoomAround, size]);
  const zoomToFit = useCallback(() => {
    setZoom(1);
    setPan({ x: 0, y: 0 });
  }, []);

  /** The zoomed stage was dragged: that is the new pan. */
  const onStageDragEnd = (e: Konva.KonvaEventObject<DragEvent>) => {
    if (e.target === stageRef.current) {
      const centred = { x: (size.width - design.width * scale) / 2, y: (size.height - design.height * scale) / 2 };
      setPan({ x: e.target.x() - centred.x, y: e.target.y() - centred.y });
    }
  };

  return { size, zoom, scale, origin, pinch, zoomBy, zoomToFit, onTouchMove, onWheel, onStageDragEnd };
}
