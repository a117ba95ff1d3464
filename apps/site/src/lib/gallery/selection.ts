/** The photos a visitor picked, by uuid, and the anchor of the next Shift-click range. */
export interface Selection {
  ids: ReadonlySet<string>;
  /** Index of the last photo toggled by a plain click: where a Shift-click range starts. */
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/** A plain tap or click: the photo flips, and becomes the anchor. */
export function togglePhoto(selection: Selection, uuid: string, index: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(uuid)) ids.delete(uuid);
  else ids.add(uuid);
  return { ids, anchor: index };
}

/**
 * Shift-click: every photo from the anchor to `index` takes the state the clicked photo gets
 * (selected, unless it was already selected). Without an anchor it is a plain toggle.
 */
export function selectRange(selection: Selection, uuids: readonly string[], index: number): Selection {
  const target = uuids[index];
  if (target === undefined) return selection;
  if (selection.anchor === null || selection.anchor >= uuids.length) return togglePhoto(selection, target, index);
  const select = !selection.ids.has(target);
  const [from, to] = selection.anchor <= index ? [selection.anchor, index] : [index, selection.anchor];
  const ids = new Set(selection.ids);
  for (let i = from; i <= to; i += 1) {
    const id = uuids[i]!;
    if (select) ids.add(id);
    else ids.delete(id);
  }
  return { ids, anchor: selection.anchor };
}

/** Every photo loaded so far joins the selection, up to `limit` photos in all. */
export function selectAll(selection: Selection, uuids: readonly string[], limit = Infinity): Selection {
  const ids = new Set(selection.ids);
  for (const id of uuids) {
    if (ids.size >= limit) break;
    ids.add(id);
  }
  return { ids, anchor: selection.anchor };
}

export function clearSelection(): Selection {
  return { ids: new Set(), anchor: null };
}

/**
 * The selection in the order of the gallery (the zip's order): loaded photos first, as shown,
 * then any selected beyond what is loaded ('Select all' of a long listing), as they were added.
 */
export function selectedInOrder(selection: Selection, uuids: readonly string[]): string[] {
  const shown = uuids.filter((id) => selection.ids.has(id));
  if (shown.length === selection.ids.size) return shown;
  const seen = new Set(shown);
  return shown.concat([...selection.ids].filter((id) => !seen.has(id)));
}

/** Every photo of the listing (fetched beyond what is loaded), up to `limit`. */
export function selectEvery(allUuids: readonly string[], limit = Infinity): Selection {
  return { ids: new Set(allUuids.slice(0, limit)), anchor: null };
}

export function selectedLabel(n: number): string {
  return n === 0 ? 'No photos selected' : `${n.toLocaleString('en-US')} selected`;
}
