import { PHOTO_WIDTHS } from '@eventsite/contract/constants';

export interface PhotoRef {
  uuid: string;
  width: number;
  height: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A photo reference is `uuid,width,height`; anything else is skipped. */
export function parsePhotoRef(ref: string): PhotoRef | null {
  const [uuid, w, h, ...rest] = ref.split(',').map((s) => s.trim());
  if (rest.length > 0 || !uuid || !UUID.test(uuid)) return null;
  const width = Number(w);
  const height = Number(h);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return null;
  return { uuid: uuid.toLowerCase(), width, height };
}

export function parsePhotoRefs(refs: readonly string[]): PhotoRef[] {
  return refs.map(parsePhotoRef).filter((p): p is PhotoRef => p !== null);
}

/** The smallest fixed width at least `min` pixels wide (or the largest there is). */
export function widthAtLeast(min: number): number {
  return PHOTO_WIDTHS.find((w) => w >= min) ?? PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
}
