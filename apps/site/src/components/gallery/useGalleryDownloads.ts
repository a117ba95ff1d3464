'use client';

import { MAX_ZIP_PHOTOS } from '@eventsite/contract/constants';
import type { PhotoListItem } from '@eventsite/contract';
import type { Collection } from '@/lib/gallery/favourites';
import { searchParamsFor, type GallerySearch } from '@/lib/gallery/search';
import { selectedInOrder } from '@/lib/gallery/selection';
import { fetchAllPhotoIds } from '@/provider/photos';
import { FAVOURITES_TEXT, photoCount } from './strings';
import { useSelection } from './useSelection';
import { useZipDownload } from './useZipDownload';

interface GalleryDownloadsOptions {
  apiBase: string;
  eventId: number;
  eventSlug: string;
  /** What the grid shows: the results, then the extra ones (what selection pages through). */
  viewerPhotos: readonly PhotoListItem[];
  /** The results alone, and their count (the listing's total, not only those loaded). */
  photos: readonly PhotoListItem[];
  total: number;
  listingKey: string;
  search: GallerySearch | null;
  /** A selfie's answer is showing (its photos are all here, and not the listing's). */
  selfie: boolean;
  collection: Collection | null;
  /** The favourites still hearted, and a shared selection's photos. */
  favourites: readonly PhotoListItem[] | null;
  collectionPhotos: readonly PhotoListItem[];
  /** Every photo of the listing is loaded. */
  feedDone: boolean;
  onView: (index: number) => void;
}

/**
 * Selection and zips: the selected photos, every photo, a search's results, or the favourites
 * (or a shared selection), one zip at a time.
 */
export function useGalleryDownloads(o: GalleryDownloadsOptions) {
  const { apiBase, eventId, search, collection } = o;
  const select = useSelection({
    photos: o.viewerPhotos,
    listingKey: o.listingKey,
    onView: o.onView,
    fetchAllIds: o.selfie || collection ? null : () => fetchAllPhotoIds(apiBase, eventId, searchParamsFor(search), MAX_ZIP_PHOTOS),
  });
  const zip = useZipDownload(apiBase, eventId, o.eventSlug);
  const { startDownload } = zip;
  const zipIds = (ids: readonly string[], label = photoCount(ids.length)) =>
    void startDownload({ photo_ids: ids.slice(0, MAX_ZIP_PHOTOS) }, ids.length, label);

  const downloadSelected = () => {
    const ids = selectedInOrder(select.selection, select.uuids);
    if (ids.length > 0) zipIds(ids);
  };
  const downloadAll = () => void startDownload({ all: true }, o.total, `All ${photoCount(o.total)}`);
  // A search's results, all in one zip: their ids fetched without drawing them, once not all are here.
  const downloadResults = async () => {
    const listed = o.photos.map((p) => p.uuid);
    const ids = o.selfie || o.feedDone ? listed : await fetchAllPhotoIds(apiBase, eventId, searchParamsFor(search), MAX_ZIP_PHOTOS).catch(() => listed);
    zipIds(ids);
  };
  const downloadCollection = () => {
    // The favourites still hearted (one un-hearted in this view stays shown, but is not zipped).
    const favourites = collection?.kind === 'favourites';
    const list = favourites ? (o.favourites ?? []) : o.collectionPhotos;
    const ids = list.map((p) => p.uuid).slice(0, MAX_ZIP_PHOTOS);
    if (ids.length > 0) zipIds(ids, favourites ? FAVOURITES_TEXT.zipLabel(ids.length) : photoCount(ids.length));
  };
  return { select, zip, busy: zip.download.phase === 'running', downloadSelected, downloadAll, downloadResults, downloadCollection };
}
