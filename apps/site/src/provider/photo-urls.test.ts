import { describe, expect, it } from 'vitest';
import { framedPhotoUrl, photoDownloadUrl, photoSrcSet, photoUrl } from './photo-urls';

const U = '0b7e2c9a-1f2d-4c3b-9a8e-112233445566';

describe('photo URLs', () => {
  it('point at the API variant of a fixed width', () => {
    expect(photoUrl('http://api.test/', U, 640)).toBe(`http://api.test/events/photos/${U}?w=640`);
  });

  it('list the widths up to the photo’s own in the srcset', () => {
    const set = photoSrcSet('http://api.test', { uuid: U, width: 700, height: 500 });
    expect(set).toBe(
      ['160', '320', '480', '640']
        .map((w) => `http://api.test/events/photos/${U}?w=${w} ${w}w`)
        .join(', '),
    );
  });

  it('carry a password gallery’s grant on every photo URL, framed ones too', () => {
    const base = 'http://api.test/?grant=7.1790000000.abc';
    expect(photoUrl(base, U, 640)).toBe(`http://api.test/events/photos/${U}?w=640&grant=7.1790000000.abc`);
    expect(photoDownloadUrl(base, U)).toBe(`http://api.test/events/photos/${U}?download=1&grant=7.1790000000.abc`);
    expect(framedPhotoUrl(base, U, 3)).toBe(`http://api.test/events/photos/${U}/frames/3?grant=7.1790000000.abc`);
    expect(framedPhotoUrl('http://api.test/', U, 3)).toBe(`http://api.test/events/photos/${U}/frames/3`);
  });
});
