import { rotatedBounds } from './geometry';
import { freshId } from './ids';
import type { Background, Design, DesignElement } from './schema';
import { alignOffset, type Alignment } from './snapping';

/** What the editor holds besides history: the design on screen and what is selected. */
export type EditorState = { design: Design; selection: string[] };

/**
 * An editor action, excalidraw-style: a registered object whose `perform` is pure and says
 * whether its result enters the undo history (a selection change or a drag's intermediate step
 * does not; the drag's end does).
 */
export type Action<A> = {
  name: string;
  perform: (state: EditorState, args: A) => { state: EditorState; commit: boolean };
};

const unchanged = (state: EditorState) => ({ state, commit: false });

function withElements(state: EditorState, elements: DesignElement[], selection = state.selection): EditorState {
  return { design: { ...state.design, elements }, selection: selection.filter((id) => elements.some((e) => e.id === id)) };
}

function selected(state: EditorState, includeLocked = false): DesignElement[] {
  return state.design.elements.filter((e) => state.selection.includes(e.id) && (includeLocked || !e.locked));
}

function patchElement(el: DesignElement, patch: Partial<DesignElement>): DesignElement {
  // `type` and `id` never change through a patch: that would break the discriminated union.
  return { ...el, ...patch, type: el.type, id: el.id } as DesignElement;
}

export const select: Action<{ ids: string[]; additive?: boolean }> = {
  name: 'select',
  perform(state, { ids, additive }) {
    const known = ids.filter((id) => state.design.elements.some((e) => e.id === id));
    const selection = additive ? [...new Set([...state.selection, ...known])] : known;
    return { state: { ...state, selection }, commit: false };
  },
};

export const clearSelection: Action<void> = {
  name: 'clearSelection',
  perform: (state) => (state.selection.length ? { state: { ...state, selection: [] }, commit: false } : unchanged(state)),
};

export const addElement: Action<{ element: DesignElement }> = {
  name: 'addElement',
  perform(state, { element }) {
    const taken = state.design.elements.map((e) => e.id);
    const id = taken.includes(element.id) ? freshId(element.id, taken) : element.id;
    const el = { ...element, id };
    return { state: withElements(state, [...state.design.elements, el], [id]), commit: true };
  },
};

/** Change one element. `live` marks a gesture's intermediate step (drag, transform, typing). */
export const updateElement: Action<{ id: string; patch: Partial<DesignElement>; live?: boolean }> = {
  name: 'updateElement',
  perform(state, { id, patch, live }) {
    let found = false;
    const elements = state.design.elements.map((e) => {
      if (e.id !== id) return e;
      found = true;
      return patchElement(e, patch);
    });
    if (!found) return unchanged(state);
    return { state: withElements(state, elements), commit: !live };
  },
};

/** Commit the live design as one undo step (the end of a drag that was applied live). */
export const commitLive: Action<void> = { name: 'commitLive', perform: (state) => ({ state, commit: true }) };

export const nudge: Action<{ dx: number; dy: number }> = {
  name: 'nudge',
  perform(state, { dx, dy }) {
    const ids = new Set(selected(state).map((e) => e.id));
    if (!ids.size) return unchanged(state);
    const elements = state.design.elements.map((e) => (ids.has(e.id) ? { ...e, x: e.x + dx, y: e.y + dy } : e));
    return { state: withElements(state, elements), commit: true };
  },
};

export const deleteSelection: Action<void> = {
  name: 'deleteSelection',
  perform(state) {
    const ids = new Set(selected(state).map((e) => e.id));
    if (!ids.size) return unchanged(state);
    return { state: withElements(state, state.design.elements.filter((e) => !ids.has(e.id)), []), commit: true };
  },
};

export const duplicateSelection: Action<void> = {
  name: 'duplicateSelection',
  perform(state) {
    const sources = selected(state, true);
    if (!sources.length) return unchanged(state);
    const offset = Math.round(state.design.width / 40);
    const taken = state.design.elements.map((e) => e.id);
    const copies = sources.map((e) => {
      const id = freshId(e.id, taken);
      taken.push(id);
      const { locked: _locked, ...rest } = e;
      return { ...rest, id, x: e.x + offset, y: e.y + offset, name: e.name } as DesignElement;
    });
    // Copies go just above the topmost original, like every desktop editor.
    const lastIndex = Math.max(...sources.map((s) => state.design.elements.indexOf(s)));
    const elements = [...state.design.elements];
    elements.splice(lastIndex + 1, 0, ...copies);
    return { state: withElements(state, elements, copies.map((c) => c.id)), commit: true };
  },
};

export type Reorder = 'forward' | 'backward' | 'front' | 'back';

export function reorder(elements: DesignElement[], ids: Set<string>, how: Reorder): DesignElement[] {
  const moving = elements.filter((e) => ids.has(e.id));
  const rest = elements.filter((e) => !ids.has(e.id));
  if (how === 'front') return [...rest, ...moving];
  if (how === 'back') return [...moving, ...rest];
  const out = [...elements];
  // Step each selected element past its neighbour, processing from the side it moves towards
  // so that two adjacent selected elements keep their order.
  const order = how === 'forward' ? [...out.keys()].reverse() : [...out.keys()];
  for (const i of order) {
    const el = out[i]!;
    if (!ids.has(el.id)) continue;
    const j = how === 'forward' ? i + 1 : i - 1;
    const other = out[j];
    if (!other || ids.has(other.id)) continue;
    out[i] = other;
    out[j] = el;
  }
  return out;
}

export const order: Action<{ how: Reorder }> = {
  name: 'order',
  perform(state, { how }) {
    const ids = new Set(selected(state, true).map((e) => e.id));
    if (!ids.size) return unchanged(state);
    const elements = reorder(state.design.elements, ids, how);
    const same = elements.every((e, i) => e === state.design.elements[i]);
    return same ? unchanged(state) : { state: withElements(state, elements), commit: true };
  },
};

/** Align the selection to the canvas: as a group when several are selected. */
export const align: Action<{ how: Alignment; sizes?: Record<string, { width: number; height: number }> }> = {
  name: 'align',
  perform(state, { how, sizes }) {
    const els = selected(state);
    if (!els.length) return unchanged(state);
    const boxes = els.map((e) => rotatedBounds({ ...e, ...(sizes?.[e.id] ?? {}) }));
    const x = Math.min(...boxes.map((b) => b.x));
    const y = Math.min(...boxes.map((b) => b.y));
    const group = { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
    const { dx, dy } = alignOffset(group, state.design, how);
    if (Math.abs(dx) < 1e-6 && Math.abs(dy) < 1e-6) return unchanged(state);
    const ids = new Set(els.map((e) => e.id));
    const elements = state.design.elements.map((e) => (ids.has(e.id) ? { ...e, x: e.x + dx, y: e.y + dy } : e));
    return { state: withElements(state, elements), commit: true };
  },
};

export const setBackground: Action<{ background: Background }> = {
  name: 'setBackground',
  perform: (state, { background }) => ({ state: { ...state, design: { ...state.design, background } }, commit: true }),
};

/** Load a whole design: a template, a reset, a certificate built from the organiser's template. */
export const replaceDesign: Action<{ design: Design }> = {
  name: 'replaceDesign',
  perform: (_state, { design }) => ({ state: { design, selection: [] }, commit: true }),
};

/**
 * Fill the texts bound to certificate fields; fields not given keep their text. A field filled
 * with nothing leaves its label out (opacity 0); filled with a value, the label shows again.
 */
export const fillFields: Action<{ values: Partial<Record<string, string>> }> = {
  name: 'fillFields',
  perform(state, { values }) {
    let changed = false;
    const elements = state.design.elements.map((e) => {
      if (e.type !== 'text') return e;
      if (e.labelOf) {
        const v = values[e.labelOf];
        const opacity = v === undefined ? e.opacity : v === '' ? 0 : e.opacity === 0 ? 1 : e.opacity;
        if (opacity === e.opacity) return e;
        changed = true;
        return { ...e, opacity };
      }
      if (!e.field) return e;
      const v = values[e.field];
      if (v === undefined || v === e.text) return e;
      changed = true;
      return { ...e, text: v };
    });
    return changed ? { state: withElements(state, elements), commit: true } : unchanged(state);
  },
};

/** Every action by name: the toolbar, the shortcuts and the tests dispatch through it. */
export const ACTIONS = {
  select,
  clearSelection,
  addElement,
  updateElement,
  commitLive,
  nudge,
  deleteSelection,
  duplicateSelection,
  order,
  align,
  setBackground,
  replaceDesign,
  fillFields,
} as const;
export type ActionName = keyof typeof ACTIONS;
export type ActionArgs<N extends ActionName> = Parameters<(typeof ACTIONS)[N]['perform']>[1];
