import { PHOTOS_TEXT } from './strings';

/**
 * The Photos screen's uploader, apart from its component: how many files at once, the chunk
 * size, the retries, what a file looks like before it is sent, what a refusal says, and the
 * files of a dropped folder.
 */

const T = PHOTOS_TEXT.upload;
/** Files sent at once. */
export const PARALLEL_UPLOADS = 3;
/** Bytes per PATCH: under the site's proxy body limit (10 MB), and a cut costs at most this. */
export const CHUNK_BYTES = 4 * 1024 * 1024;
/** Waits before each retry after a lost connection (then the file is paused, not lost). */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];
/** Rows of the file list shown at once: thousands of files stay responsive. */
export const LIST_LIMIT = 200;
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export type ItemState =
  'waiting' | 'uploading' | 'paused' | 'retrying' | 'done' | 'duplicate' | 'refused';

export interface Item {
  key: string;
  file: File;
  /** The name shown: the path inside a dropped folder, else the file's name. */
  name: string;
  sent: number;
  state: ItemState;
  reason?: string;
}

/** Whether the file looks like a photo the API takes (it checks the bytes itself). */
export function precheck(file: File): string | null {
  if (file.size === 0) return T.empty;
  if (!IMAGE_TYPES.has(file.type) && !IMAGE_NAME.test(file.name)) return T.notImage;
  return null;
}

/** What the API's answer to a refused upload says: a duplicate, or a reason. */
export function refusalOf(
  status: number,
  body: string | undefined,
): { duplicate: boolean; reason: string } {
  let message: string | undefined;
  let duplicate = false;
  try {
    const parsed = JSON.parse(body ?? '') as { message?: unknown; duplicate_of?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
    duplicate = typeof parsed.duplicate_of === 'string';
  } catch {
    message = undefined;
  }
  return { duplicate, reason: message ?? `the server answered ${status}` };
}

/** Every file under a dropped folder (or the dropped file itself), with its path. */
export async function filesOfEntry(
  entry: FileSystemEntry,
  prefix = '',
): Promise<Array<{ file: File; path: string }>> {
  if (entry.isFile) {
    const file = await new Promise<File | null>((resolve) =>
      (entry as FileSystemFileEntry).file(resolve, () => resolve(null)),
    );
    return file ? [{ file, path: `${prefix}${file.name}` }] : [];
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const entries: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve) =>
      reader.readEntries(resolve, () => resolve([])),
    );
    if (batch.length === 0) break;
    entries.push(...batch);
  }
  const nested = await Promise.all(entries.map((e) => filesOfEntry(e, `${prefix}${entry.name}/`)));
  return nested.flat();
}
