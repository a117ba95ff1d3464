import { describe, expect, test } from 'vitest';
import { ACTIONS, reorder } from './actions';
import { createEditor, dispatch, redoEditor, undoEditor } from './editor';
import { HISTORY_CAP, commit, createHistory } from './history';
import type { Design, DesignElement } from './schema';
import { shape, text } from './templates/shared';
import { buildTemplate } from './templates';

function designWith(...elements: DesignElement[]): Design {
  return { version: 1, template: 'post-square', width: 1000, height: 1000, background: { kind: 'gradient', fill: '#000000' }, elements };
}
const a = shape('a', 'rect', { x: 10, y: 10, width: 100, height: 100 });
const b = shape('b', 'circle', { x: 300, y: 300, width: 50, height: 50 });
const t = text('t', 'Hello', { x: 0, y: 0, width: 400, fontSize: 40 });

describe('actions', () => {
  test('perform is pure: the input state is not mutated', () => {
    const state = { design: designWith(a, b), selection: ['a'] };
    const frozen = JSON.stringify(state);
    ACTIONS.nudge.perform(state, { dx: 5, dy: 0 });
    ACTIONS.deleteSelection.perform(state, undefined);
    ACTIONS.order.perform(state, { how: 'front' });
    expect(JSON.stringify(state)).toBe(frozen);
  });

  test('selection does not enter the history; edits do', () => {
    let ed = createEditor(designWith(a, b));
    ed = dispatch(ed, 'select', { ids: ['a'] });
    expect(ed.history.past).toHaveLength(0);
    ed = dispatch(ed, 'nudge', { dx: 1, dy: -1 });
    expect(ed.history.past).toHaveLength(1);
    expect(ed.state.design.elements[0]).toMatchObject({ x: 11, y: 9 });
  });

  test('a live drag is one undo step', () => {
    let ed = createEditor(designWith(a));
    for (let i = 1; i <= 10; i++) ed = dispatch(ed, 'updateElement', { id: 'a', patch: { x: 10 + i }, live: true });
    expect(ed.history.past).toHaveLength(0);
    ed = dispatch(ed, 'commitLive', undefined);
    expect(ed.history.past).toHaveLength(1);
    ed = undoEditor(ed);
    expect(ed.state.design.elements[0]?.x).toBe(10);
    ed = redoEditor(ed);
    expect(ed.state.design.elements[0]?.x).toBe(20);
  });

  test('undo, redo, and a new edit clears redo', () => {
    let ed = createEditor(designWith(a, b));
    ed = dispatch(ed, 'select', { ids: ['b'] });
    ed = dispatch(ed, 'deleteSelection', undefined);
    expect(ed.state.design.elements.map((e) => e.id)).toEqual(['a']);
    ed = undoEditor(ed);
    expect(ed.state.design.elements.map((e) => e.id)).toEqual(['a', 'b']);
    ed = redoEditor(ed);
    expect(ed.state.design.elements.map((e) => e.id)).toEqual(['a']);
    ed = undoEditor(ed);
    ed = dispatch(ed, 'select', { ids: ['a'] });
    ed = dispatch(ed, 'nudge', { dx: 1, dy: 0 });
    expect(ed.history.future).toHaveLength(0);
    expect(redoEditor(ed)).toBe(ed);
  });

  test('undo with nothing to undo is a no-op', () => {
    const ed = createEditor(designWith(a));
    expect(undoEditor(ed)).toBe(ed);
  });

  test('history is capped', () => {
    let h = createHistory(designWith(a));
    for (let i = 0; i < HISTORY_CAP + 50; i++) h = commit(h, designWith({ ...a, x: i }));
    expect(h.past).toHaveLength(HISTORY_CAP);
    expect(h.present.elements[0]?.x).toBe(HISTORY_CAP + 49);
  });

  test('duplicate gets fresh ids, an offset and is selected above the original', () => {
    let ed = createEditor(designWith(a, b));
    ed = dispatch(ed, 'select', { ids: ['a'] });
    ed = dispatch(ed, 'duplicateSelection', undefined);
    expect(ed.state.design.elements.map((e) => e.id)).toEqual(['a', 'a-2', 'b']);
    expect(ed.state.selection).toEqual(['a-2']);
    expect(ed.state.design.elements[1]).toMatchObject({ x: 35, y: 35 });
    ed = dispatch(ed, 'duplicateSelection', undefined);
    expect(ed.state.design.elements.map((e) => e.id)).toEqual(['a', 'a-2', 'a-3', 'b']);
  });

  test('adding an element with a taken id renames it', () => {
    let ed = createEditor(designWith(a));
    ed = dispatch(ed, 'addElement', { element: a });
    expect(ed.state.design.elements.map((e) => e.id)).toEqual(['a', 'a-2']);
    expect(ed.state.selection).toEqual(['a-2']);
  });

  test('order: forward, backward, front, back', () => {
    const c = shape('c', 'rect', { x: 0, y: 0, width: 1, height: 1 });
    const ids = (els: DesignElement[]) => els.map((e) => e.id).join('');
    expect(ids(reorder([a, b, c], new Set(['a']), 'forward'))).toBe('bac');
    expect(ids(reorder([a, b, c], new Set(['c']), 'backward'))).toBe('acb');
    expect(ids(reorder([a, b, c], new Set(['a']), 'front'))).toBe('bca');
    expect(ids(reorder([a, b, c], new Set(['c']), 'back'))).toBe('cab');
    expect(ids(reorder([a, b, c], new Set(['a', 'b']), 'forward'))).toBe('cab');
    let ed = createEditor(designWith(a, b));
    ed = dispatch(ed, 'select', { ids: ['b'] });
    expect(dispatch(ed, 'order', { how: 'forward' })).toBe(ed);
  });

  test('align to the canvas centre and edges', () => {
    let ed = createEditor(designWith(a));
    ed = dispatch(ed, 'select', { ids: ['a'] });
    ed = dispatch(ed, 'align', { how: 'center' });
    expect(ed.state.design.elements[0]?.x).toBe(450);
    ed = dispatch(ed, 'align', { how: 'bottom' });
    expect(ed.state.design.elements[0]?.y).toBe(900);
  });

  test('locked elements are not nudged or deleted', () => {
    let ed = createEditor(designWith({ ...a, locked: true }));
    ed = dispatch(ed, 'select', { ids: ['a'] });
    expect(dispatch(ed, 'deleteSelection', undefined)).toBe(ed);
    expect(dispatch(ed, 'nudge', { dx: 1, dy: 1 })).toBe(ed);
  });

  test('updateElement cannot change an element type', () => {
    let ed = createEditor(designWith(t));
    ed = dispatch(ed, 'updateElement', { id: 't', patch: { text: 'Bye', type: 'rect' } as never });
    expect(ed.state.design.elements[0]).toMatchObject({ type: 'text', text: 'Bye' });
  });

  test('reset to template is one undoable step', () => {
    const original = buildTemplate('post-square', { eventName: 'A' });
    let ed = createEditor(original);
    ed = dispatch(ed, 'select', { ids: ['title'] });
    ed = dispatch(ed, 'deleteSelection', undefined);
    ed = dispatch(ed, 'replaceDesign', { design: original });
    expect(ed.state.design).toBe(original);
    ed = undoEditor(ed);
    expect(ed.state.design.elements.some((e) => e.id === 'title')).toBe(false);
  });
});
