'use client';

import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * The gallery's parts a visitor does not use on arrival, each loaded when first shown: the
 * viewer, selection and zip downloads, favourites' views, a search's result card and actions,
 * the runner links, and "Not me" over the photos found by face. None is in the gallery's first
 * load (docs/performance.md, 3c). React.lazy rather than next/dynamic: the gallery then needs
 * none of next/dynamic's own code either. A page whose URL shows one of them (a search, a shared
 * selection) has it rendered on the server; its HTML stays in place until its code has come.
 */
type Loaded<C> = { default: C };

/** A part loaded on first use; `warm()` loads it ahead (a search, before its answer comes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function onFirstUse<C extends ComponentType<any>>(load: () => Promise<C>, fallback: ReactNode = null): C & { warm: () => void } {
  let loaded: C | null = null;
  const fetchPart = () =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    });
  // Once its code is here (warmed), the part is drawn at once, with no fallback first: React.lazy
  // takes a thenable that answers at once.
  const Part = lazy(() =>
    loaded ? ({ then: (done: (m: Loaded<C>) => void) => done({ default: loaded! }) } as unknown as Promise<Loaded<C>>) : fetchPart(),
  ) as unknown as ComponentType<Record<string, unknown>>;
  const OnFirstUse = (props: Record<string, unknown>) => (
    <Suspense fallback={fallback}>
      <Part {...props} />
    </Suspense>
  );
  OnFirstUse.warm = () => {
    if (!loaded) fetchPart().catch(() => {
      /* Drawn, it loads again (and shows its fallback until then). */
    });
  };
  return OnFirstUse as unknown as C & { warm: () => void };
}

/** The small parts, in one chunk (./laterParts). */
const laterParts = () => import('./laterParts');

/** The viewer (the lightbox, its zoom and full-screen plugins, frames): loaded on the first open. */
export const PhotoViewer = onFirstUse(() => import('./PhotoViewer').then((m) => m.PhotoViewer));

export const SelectionBar = onFirstUse(() => laterParts().then((m) => m.SelectionBar));
export const DownloadPanel = onFirstUse(() => laterParts().then((m) => m.DownloadPanel));

export const ResultCard = onFirstUse(() => laterParts().then((m) => m.ResultCard));
export const ResultActions = onFirstUse(() => laterParts().then((m) => m.ResultActions));
export const RunnerLinks = onFirstUse(() => laterParts().then((m) => m.RunnerLinks));

export const PhotoActions = onFirstUse(() => laterParts().then((m) => m.PhotoActions));
export const NotMeNotice = onFirstUse(() => laterParts().then((m) => m.NotMeNotice));
export const SelfieRunnerLink = onFirstUse(() => laterParts().then((m) => m.SelfieRunnerLink));

export const FavouritesToggle = onFirstUse(() => laterParts().then((m) => m.FavouritesToggle));
export const ShareFavourites = onFirstUse(() => laterParts().then((m) => m.ShareFavourites));
export const AddAllButton = onFirstUse(() => laterParts().then((m) => m.AddAllButton));
export const CollectionHeader = onFirstUse(() => laterParts().then((m) => m.CollectionHeader));
export const CollectionStatus = onFirstUse(() => laterParts().then((m) => m.CollectionStatus));

/** The selfie search's panel (its consent, the face model's progress): loaded when its option is picked. */
export const SelfiePanel = onFirstUse(
  () => import('./SelfiePanel').then((m) => m.SelfiePanel),
  // The panel's own first state: the same box, empty, so nothing moves when it comes.
  <div className="selfie-panel" />,
);

/**
 * Starts loading the small parts as soon as a search starts, so that its answer's parts ("Not
 * me", the result card and actions) are drawn with it, not a moment after.
 */
export function preloadLaterParts(): void {
  for (const part of [ResultCard, ResultActions, RunnerLinks, PhotoActions, NotMeNotice, SelfieRunnerLink]) part.warm();
}
