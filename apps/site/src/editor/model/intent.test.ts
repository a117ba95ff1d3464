import { describe, expect, it } from 'vitest';
import { promoIntent } from './intent';

const PHOTO = '00000000-0000-4000-8000-000000000007';

describe('a link into the editor', () => {
  it('opens the certificate filled with a bib (the runner page and the result card)', () => {
    expect(promoIntent('?template=certificate&bib=1234', true)).toEqual({ template: 'certificate-landscape', bib: '1234', photo: null });
    // The result card's link gives only the bib: that is the certificate too.
    expect(promoIntent('?bib=1234', true)).toEqual({ template: 'certificate-landscape', bib: '1234', photo: null });
    expect(promoIntent('?template=certificate-portrait&bib=A12', true).template).toBe('certificate-portrait');
  });

  it('opens a poster with a photo', () => {
    expect(promoIntent(`?template=poster&bib=1234&photo=${PHOTO.toUpperCase()}`, true)).toEqual({ template: 'post-portrait', bib: '1234', photo: PHOTO });
    expect(promoIntent('?template=story', true).template).toBe('story');
  });

  it('leaves out what it cannot read, and certificates where the event offers none', () => {
    expect(promoIntent('?template=certificate&bib=1234', false)).toEqual({ template: null, bib: '1234', photo: null });
    expect(promoIntent('?bib=12%2034&template=banner&photo=nope', true)).toEqual({ template: null, bib: null, photo: null });
    expect(promoIntent('', true)).toEqual({ template: null, bib: null, photo: null });
  });
});
