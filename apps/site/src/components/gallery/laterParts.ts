'use client';

/**
 * The gallery's small parts that come after a visitor's first step (a search, Select, a heart, a
 * selfie's answer), in one chunk: one request for them all, loaded on first use (./onFirstUse).
 */
export { CollectionHeader, CollectionStatus, AddAllButton, FavouritesToggle, ShareFavourites } from './Favourites';
export { DownloadPanel } from './DownloadPanel';
export { NotMeNotice, PhotoActions, SelfieRunnerLink } from './PhotoActions';
export { ResultActions } from './ResultActions';
export { ResultCard } from './ResultCard';
export { RunnerLinks } from '@/components/runner/RunnerLinks';
export { SelectionBar } from './SelectionBar';
