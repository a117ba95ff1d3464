'use client';

import type { PhotoListItem, SelfieMatch } from '@eventsite/contract';
import { useCallback, useMemo } from 'react';
import { TileHeart } from './FavouriteButton';
import { PhotoActions } from './onFirstUse';
import type { useFavourites } from './useFavourites';

type Favourites = ReturnType<typeof useFavourites>;
type TileActions = (photo: PhotoListItem, index: number, label: string) => React.ReactNode;

interface TileActionsOptions {
  eventSlug: string;
  favourites: Favourites;
  /** A selfie's answer is showing: its photos get "Not me" and "This is me". */
  selfie: boolean;
  /** Take a photo found by face out of the answer ("Not me"). */
  onNotMe: (uuid: string) => void;
  /** What the viewer pages through (its heart toggles these). */
  viewerPhotos: readonly PhotoListItem[];
}

/**
 * What each tile carries over its photo: a heart (once the favourites are read), and on photos
 * found by face "Not me" (and "This is me" on a selfie's); the viewer's heart too.
 */
export function useTileActions({ eventSlug, favourites, selfie, onNotMe, viewerPhotos }: TileActionsOptions) {
  const faceActions = useCallback<TileActions>(
    (photo, _index, label) => (
      // "This is me" on a selfie's photos only: after a bib search the runner page is linked above.
      <PhotoActions label={label} bib={selfie ? (photo as SelfieMatch).bib : null} eventSlug={eventSlug} onNotMe={() => onNotMe(photo.uuid)} />
    ),
    [selfie, eventSlug, onNotMe],
  );

  const toggle = favourites.toggle;
  const heartsShown = favourites.list !== null;
  const ids = favourites.ids;
  const heart = useCallback<TileActions>(
    (photo, _index, label) => (heartsShown ? <TileHeart on={ids.has(photo.uuid)} photoLabel={label} onToggle={() => toggle(photo)} /> : null),
    [heartsShown, ids, toggle],
  );
  const tileActions = useCallback<TileActions>(
    (photo, index, label) => (
      <>
        {selfie ? faceActions(photo, index, label) : null}
        {heart(photo, index, label)}
      </>
    ),
    [selfie, faceActions, heart],
  );
  const extraTileActions = useCallback<TileActions>(
    (photo, index, label) => (
      <>
        {faceActions(photo, index, label)}
        {heart(photo, index, label)}
      </>
    ),
    [faceActions, heart],
  );
  const viewerFavourites = useMemo(
    () =>
      heartsShown
        ? {
            has: (uuid: string) => ids.has(uuid),
            toggle: (uuid: string) => {
              const photo = viewerPhotos.find((p) => p.uuid === uuid);
              if (photo) toggle(photo);
            },
          }
        : undefined,
    [heartsShown, ids, viewerPhotos, toggle],
  );
  return { tileActions, extraTileActions, viewerFavourites };
}
