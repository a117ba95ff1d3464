'use client';

import { MAX_ZIP_PHOTOS } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { clearSelection, EMPTY_SELECTION, selectAll, selectEvery, selectRange, togglePhoto, type Selection } from '@/lib/gallery/selection';

interface SelectionInput {
  /** Every photo shown, in order (the listing's, then the extra section's). */
  photos: readonly PhotoListItem[];
  /** A new listing ends select mode and clears the selection. */
  listingKey: string;
  /** What a click does outside select mode: open the viewer. */
  onView: (index: number) => void;
  /** Every photo id of the listing, beyond those loaded; null when all are loaded already. */
  fetchAllIds: (() => Promise<string[]>) | null;
}

/** Select mode and the photos selected in it (a click toggles, Shift+click a range). */
export function useSelection({ photos, listingKey, onView, fetchAllIds }: SelectionInput) {
  const [selectMode, setSelectMode] = useState(false);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const uuids = useMemo(() => photos.map((p) => p.uuid), [photos]);
  useEffect(() => {
    setSelectMode(false);
    setSelection(clearSelection());
  }, [listingKey]);

  const onActivate = useCallback(
    (index: number, event: MouseEvent<HTMLButtonElement>) => {
      const photo = photos[index];
      if (!photo) return;
      if (!selectMode) {
        onView(index);
        return;
      }
      setSelection((s) => (event.shiftKey ? selectRange(s, uuids, index) : togglePhoto(s, photo.uuid, index)));
    },
    [photos, selectMode, uuids, onView],
  );

  const [selectingAll, setSelectingAll] = useState(false);
  const selectLoaded = () => setSelection((s) => selectAll(s, uuids, MAX_ZIP_PHOTOS));
  const selectEverything = async () => {
    if (!fetchAllIds) {
      // A selfie's answer is all here already.
      selectLoaded();
      return;
    }
    setSelectingAll(true);
    try {
      setSelection(selectEvery(await fetchAllIds(), MAX_ZIP_PHOTOS));
    } catch {
      selectLoaded();
    } finally {
      setSelectingAll(false);
    }
  };
  const toggleSelectMode = () => {
    setSelectMode((m) => !m);
    if (selectMode) setSelection(clearSelection());
  };
  const endSelectMode = () => {
    setSelectMode(false);
    setSelection(clearSelection());
  };

  return {
    selectMode,
    selection,
    uuids,
    onActivate,
    selectingAll,
    selectLoaded,
    selectEverything,
    clear: () => setSelection(clearSelection()),
    toggleSelectMode,
    endSelectMode,
  };
}
