// The browser tests run the API with OCR off: an organiser's manual tags (the admin API) make the
// demo's photos findable by bib, from the demo's ground truth.
import assert from 'node:assert/strict';
import { apiUrl } from './stack.js';

/** Sets each photo's manual tags to `bibs` (200 expected). */
export async function tagPhoto(uuid: string, bibs: string[]): Promise<void> {
  const res = await fetch(`${apiUrl}/api/v1/admin/photos/${uuid}/bibs`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ bibs }),
  });
  assert.equal(res.status, 200, `tagging ${uuid}: ${await res.text()}`);
}

/** Tags each photo with every bib the ground truth has on it (hidden ones too). */
export async function tagPhotos(
  photos: { uuid: string; bibs: { bib: string }[] }[],
): Promise<void> {
  for (const photo of photos)
    await tagPhoto(
      photo.uuid,
      photo.bibs.map((b) => b.bib),
    );
}
