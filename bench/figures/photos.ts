/** Generated race photos (the product's scene renderer) written to folders for import. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from '../lib/context.js';
import { ROOT } from '../lib/proc.js';

interface Scene {
  jpeg: Buffer;
  width: number;
  height: number;
}
type Render = (options: { seed: number; width?: number; height?: number }) => Promise<Scene>;

let render: Render | null = null;
export async function renderer(): Promise<Render> {
  if (!render) {
    const mod = (await import(
      pathToFileURL(path.join(ROOT, 'apps/api/dist/demo/scene/index.js')).href
    )) as {
      renderRaceScene: Render;
    };
    render = mod.renderRaceScene;
  }
  return render;
}

/**
 * The same JPEG with a comment segment after its APPn segments: other bytes (another checksum,
 * so another photo to the importer), same pixels and EXIF.
 */
export function withComment(jpeg: Buffer, text: string): Buffer {
  let at = 2;
  while (
    at + 4 <= jpeg.length &&
    jpeg[at] === 0xff &&
    jpeg[at + 1]! >= 0xe0 &&
    jpeg[at + 1]! <= 0xef
  ) {
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  const data = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4 + data.length);
  segment[0] = 0xff;
  segment[1] = 0xfe;
  segment.writeUInt16BE(2 + data.length, 2);
  data.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, at), segment, jpeg.subarray(at)]);
}

/**
 * A folder of `count` photos: up to `distinct` rendered scenes (1600×1067 unless given), the
 * rest copies of them with a comment segment (unique bytes).
 */
export async function makePhotoFolder(
  ctx: Context,
  name: string,
  count: number,
  options: { distinct?: number; width?: number; height?: number; seed?: number } = {},
): Promise<string> {
  const folder = path.join(ctx.tmp, `photos-${name}`);
  mkdirSync(folder, { recursive: true });
  const renderScene = await renderer();
  const distinct = Math.min(count, options.distinct ?? count);
  const scenes: Buffer[] = [];
  for (let i = 0; i < distinct; i++) {
    const scene = await renderScene({
      seed: (options.seed ?? 424_242) + i,
      ...(options.width ? { width: options.width, height: options.height } : {}),
    });
    scenes.push(scene.jpeg);
  }
  for (let i = 0; i < count; i++) {
    const base = scenes[i % distinct]!;
    const bytes = i < distinct ? base : withComment(base, `eventsite bench copy ${i}`);
    writeFileSync(path.join(folder, `photo-${String(i).padStart(5, '0')}.jpg`), bytes);
  }
  return folder;
}
