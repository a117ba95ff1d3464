import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, clearSelection, selectAll, selectEvery, selectRange, selectedInOrder, selectedLabel, togglePhoto } from './selection';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const sorted = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe('selection', () => {
  it('toggles a photo and remembers it as the anchor', () => {
    let s = togglePhoto(EMPTY_SELECTION, 'b', 1);
    expect(sorted(s)).toEqual(['b']);
    expect(s.anchor).toBe(1);
    s = togglePhoto(s, 'b', 1);
    expect(sorted(s)).toEqual([]);
  });

  it('Shift-click selects the range from the anchor, either way', () => {
    let s = togglePhoto(EMPTY_SELECTION, 'b', 1);
    s = selectRange(s, ids, 4);
    expect(sorted(s)).toEqual(['b', 'c', 'd', 'e']);
    const back = selectRange(togglePhoto(EMPTY_SELECTION, 'e', 4), ids, 2);
    expect(sorted(back)).toEqual(['c', 'd', 'e']);
  });

  it('Shift-click on a selected photo deselects the range', () => {
    let s = selectAll(EMPTY_SELECTION, ids);
    s = togglePhoto(s, 'a', 0);
    s = selectRange(s, ids, 3);
    expect(sorted(s)).toEqual(['e', 'f']);
  });

  it('Shift-click without an anchor is a plain toggle', () => {
    expect(sorted(selectRange(EMPTY_SELECTION, ids, 2))).toEqual(['c']);
    expect(selectRange(EMPTY_SELECTION, ids, 99)).toBe(EMPTY_SELECTION);
  });

  it('selects all loaded photos up to a limit, keeps the gallery’s order, clears', () => {
    expect(sorted(selectAll(EMPTY_SELECTION, ids))).toEqual(ids);
    expect(selectAll(EMPTY_SELECTION, ids, 4).ids.size).toBe(4);
    const s = togglePhoto(togglePhoto(EMPTY_SELECTION, 'e', 4), 'a', 0);
    expect(selectedInOrder(s, ids)).toEqual(['a', 'e']);
    expect(clearSelection().ids.size).toBe(0);
    expect(selectedLabel(0)).toBe('No photos selected');
    expect(selectedLabel(1234)).toBe('1,234 selected');
  });

  it('selects every photo of a listing beyond what is loaded, loaded ones first in the zip', () => {
    const every = selectEvery(['a', 'b', 'c', 'x', 'y', 'z'], 5);
    expect(every.ids.size).toBe(5);
    expect(selectedInOrder(every, ['c', 'b', 'a'])).toEqual(['c', 'b', 'a', 'x', 'y']);
  });
});
