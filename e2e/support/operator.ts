import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { repoRoot } from './processes.js';
import { apiUrl } from './stack.js';

/**
 * What the organiser's side of a browser test does outside the browser: the operator's CLI on the
 * stack's data, the admin API with the token the runner made (E2E_ADMIN_TOKEN), distinct photos
 * to upload, and screenshots when E2E_SCREENSHOTS_DIR is set.
 */

/** The built CLI on the stack's data folder (E2E_DATA_DIR), with `input` on its standard input. */
export function cli(args: string[], input = '') {
  const run = spawnSync(process.execPath, ['apps/api/dist/cli/main.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '', DATABASE_URL: '' },
    input,
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

/** An admin API call with the organiser's token: its `data`, or the test fails with the API's message. */
export async function admin<T>(
  method: string,
  pathname: string,
  body?: unknown,
  type = 'application/json',
): Promise<T> {
  const res = await fetch(`${apiUrl}/api/v1/admin${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN ?? ''}`,
      ...(body === undefined ? {} : { 'content-type': type }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; message: string };
  assert.ok(res.ok, `${method} ${pathname}: ${res.status} ${json.message}`);
  return json.data;
}

/** A small JPEG unlike every other: its own colour and a block of noise from the seed. */
export async function distinctJpeg(seed: number): Promise<Buffer> {
  const side = 96;
  const raw = Buffer.alloc(side * side * 3);
  let x = (seed + 1) * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  const noise = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width: 640,
      height: 427,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .composite([{ input: noise, left: 20 + (seed % 40), top: 20 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** `shot(page, name)`: a full-page screenshot `<prefix><name>.png` in E2E_SCREENSHOTS_DIR, when set. */
export function screenshotter(prefix: string) {
  return async (page: Page, name: string) => {
    const dir = process.env.E2E_SCREENSHOTS_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${prefix}${name}.png`), fullPage: true });
  };
}
