/**
 * The face engine on real faces. No npm package ships a labelled face set, so these read the
 * sample images inside `@vladmandic/human/assets` from node_modules (never copied into the
 * repository). Identity is asserted by ranking: a person's face is nearest to another picture of
 * the same person, not above one absolute threshold.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine, UnreadableImageError, type Face } from './engine.js';
import { FaceIndex } from './face-index.js';
import { isUnitEmbedding } from './vectors.js';

const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
);
const asset = (file: string): Buffer => readFileSync(path.join(assets, file));
const engine = createFaceEngine();
const MODEL_TIMEOUT = 180_000;

/** A portrait of one man (the library's author) from a webcam. */
let portrait: Face[];
/** Five people in a row of crops (a man, then four women); the man is the portrait's man. */
let row: Face[];
let rowIndex: FaceIndex;

beforeAll(async () => {
  portrait = await engine.detectFaces(asset('screenshot-faceid.jpg'));
  const all = await engine.detectFaces(asset('screenshot-facedetect.jpg'));
  // The row of large crops along the lower half (y ≈ 350 of 718); left to right.
  row = all.filter((f) => f.box.y > 300 && f.box.width > 100).sort((a, b) => a.box.x - b.box.x);
  rowIndex = new FaceIndex();
  row.forEach((face, i) => rowIndex.add(i, `person-${i}`, face.embedding));
}, MODEL_TIMEOUT);

describe('detectFaces', () => {
  it('finds the one face of a portrait: its box in the photo, a score, a unit 1024-d embedding', () => {
    expect(portrait).toHaveLength(1);
    const [face] = portrait;
    // The face spans about x 15–150, y 140–275 of the 800×564 screenshot.
    expect(face!.box.x).toBeGreaterThanOrEqual(0);
    expect(face!.box.x).toBeLessThan(40);
    expect(face!.box.y).toBeGreaterThan(110);
    expect(face!.box.y).toBeLessThan(170);
    expect(face!.box.width).toBeGreaterThan(100);
    expect(face!.box.width).toBeLessThan(180);
    expect(face!.score).toBeGreaterThan(0.5);
    expect(isUnitEmbedding(face!.embedding)).toBe(true);
    expect(row).toHaveLength(5);
  });

  it('ranks the same person first across different photos', () => {
    const [best, second] = rowIndex.search(portrait[0]!.embedding, { limit: 2 });
    expect(best!.photoId).toBe('person-0');
    // Measured 0.63 against 0.34: a clear gap, not a tie.
    expect(best!.similarity - second!.similarity).toBeGreaterThan(0.15);
  });

  it(
    'ranks each person first when re-cropped, mirrored and scaled down',
    async () => {
      const source = asset('screenshot-facedetect.jpg');
      const meta = await sharp(source).metadata();
      for (const [i, face] of row.entries()) {
        const { x, y, width, height } = face.box;
        const left = Math.max(0, Math.round(x - width * 0.4));
        const top = Math.max(0, Math.round(y - height * 0.5));
        const crop = await sharp(source)
          .extract({
            left,
            top,
            width: Math.min(meta.width! - left, Math.round(width * 1.9)),
            height: Math.min(meta.height! - top, Math.round(height * 2)),
          })
          .flop()
          .resize({ width: Math.round(width * 1.9 * 0.7) })
          .jpeg({ quality: 70 })
          .toBuffer();
        const found = await engine.detectFaces(crop);
        expect(found.length).toBeGreaterThanOrEqual(1);
        const largest = found.reduce((a, b) => (b.box.width > a.box.width ? b : a));
        expect(rowIndex.search(largest.embedding, { limit: 1 })[0]!.photoId).toBe(`person-${i}`);
      }
    },
    MODEL_TIMEOUT,
  );

  it(
    'describes a face and its mirror image alike, as a front camera may show a selfie',
    async () => {
      // Each face is described with its crop mirrored too (the face recipe): the row mirrored
      // gives each person nearly their own descriptor (described once, it gave 0.88–0.94).
      const mirrored = await engine.detectFaces(
        await sharp(asset('screenshot-facedetect.jpg')).flop().toBuffer(),
      );
      const mirroredRow = mirrored
        .filter((f) => f.box.y > 300 && f.box.width > 100)
        .sort((a, b) => b.box.x - a.box.x);
      expect(mirroredRow).toHaveLength(5);
      for (const [i, face] of mirroredRow.entries()) {
        const [best] = rowIndex.search(face.embedding, { limit: 1 });
        expect(best!.photoId).toBe(`person-${i}`);
        expect(best!.similarity).toBeGreaterThan(0.97);
      }
    },
    MODEL_TIMEOUT,
  );

  it(
    'finds a small face on tiles that the whole frame misses, and knows who it is',
    async () => {
      // The portrait's head at 60 px (a face of about 45 px) on a 1600×1067 photo.
      const head = await sharp(asset('screenshot-faceid.jpg'))
        .extract({ left: 15, top: 175, width: 180, height: 180 })
        .resize(60, 60)
        .toBuffer();
      const photo = await sharp({
        create: { width: 1600, height: 1067, channels: 3, background: { r: 120, g: 140, b: 110 } },
      })
        .composite([{ input: head, left: 900, top: 500 }])
        .jpeg()
        .toBuffer();
      expect(await engine.detectFaces(photo, { tiles: false })).toEqual([]);
      const faces = await engine.detectFaces(photo);
      expect(faces).toHaveLength(1);
      const { box } = faces[0]!;
      expect(box.x).toBeGreaterThanOrEqual(890);
      expect(box.x + box.width).toBeLessThanOrEqual(970);
      expect(box.y).toBeGreaterThanOrEqual(490);
      expect(rowIndex.search(faces[0]!.embedding, { limit: 1 })[0]!.photoId).toBe('person-0');
    },
    MODEL_TIMEOUT,
  );

  it(
    'finds no face on a photo without people',
    async () => {
      const width = 1400;
      const height = 900;
      const pixels = Buffer.alloc(width * height * 3);
      let state = 7;
      for (let i = 0; i < pixels.length; i++) {
        state = (state * 1103515245 + 12345) % 2147483648;
        const x = Math.floor(i / 3) % width;
        pixels[i] = (x / width) * 160 + (state % 60);
      }
      const photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg()
        .toBuffer();
      expect(await engine.detectFaces(photo)).toEqual([]);
    },
    MODEL_TIMEOUT,
  );

  it('refuses bytes that are not an image with a clear error', async () => {
    await expect(engine.detectFaces(Buffer.from('not a photo at all'))).rejects.toThrow(
      UnreadableImageError,
    );
    await expect(engine.detectFaces(Buffer.alloc(0))).rejects.toThrow(/not a readable image/);
    const truncated = asset('screenshot-faceid.jpg').subarray(0, 2000);
    await expect(engine.detectFaces(truncated)).rejects.toThrow(UnreadableImageError);
  });
});
