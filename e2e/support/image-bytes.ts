import type { Request } from 'playwright-core';

/**
 * Image bytes in a request's body: a JPEG, PNG, WebP, GIF or AVIF signature anywhere, an image
 * content type, or a multipart part of an image type. What it found, or null. The selfie and
 * "Hide me" tests assert that no request of the page carries one.
 */
export function carriesImage(r: Request): string | null {
  const type = r.headers()['content-type'] ?? '';
  if (type.startsWith('image/')) return `content-type ${type}`;
  const data = r.postDataBuffer();
  if (!data) return null;
  const signatures: Array<[string, Buffer]> = [
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff])],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['WebP', Buffer.from('WEBPVP8')],
    ['GIF', Buffer.from('GIF8')],
    ['AVIF/HEIC', Buffer.from('ftyp')],
  ];
  for (const [name, signature] of signatures) if (data.indexOf(signature) >= 0) return name;
  if (/content-type:\s*image\//i.test(data.toString('latin1'))) return 'a multipart image part';
  return null;
}
