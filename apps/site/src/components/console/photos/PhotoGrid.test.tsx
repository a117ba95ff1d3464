// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import type { AdminPhoto } from '@eventsite/contract';
import { describe, expect, it } from 'vitest';
import { PhotoGrid } from './PhotoGrid';

const photo = (uuid: string, file_name: string | null, bibs: string[] = []): AdminPhoto => ({
  uuid,
  width: 640,
  height: 480,
  captured_at: null,
  added_at: '2026-04-06T09:00:00.000Z',
  byte_size: 120_000,
  file_name,
  bibs: bibs.map((bib) => ({ bib, source: 'ocr', confidence: 0.9 })),
  faces: 0,
  hidden_faces: 0,
  hidden: false,
  cover: false,
});

describe('the console’s photo list', () => {
  it('names each photo by the file it was uploaded as, and older photos by their place', () => {
    render(
      <PhotoGrid
        eventId={3}
        csrf="t"
        page={1}
        confirm={null}
        base="/console/events/3/photos"
        answer={{
          photos: [
            photo('00000000-0000-4000-8000-000000000001', 'DSC_0412.jpg', ['1234']),
            photo('00000000-0000-4000-8000-000000000002', null),
          ],
          pagination: { total: 2, page: 1, page_size: 48, total_pages: 1 },
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'DSC_0412.jpg, bibs 1234' })).toBeTruthy();
    expect(screen.getByText('DSC_0412.jpg')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 2' })).toBeTruthy();
    // Each photo's buttons say which photo they change.
    const hide = screen.getAllByRole('button', { name: 'Hide' })[0]!;
    const label = document.getElementById(hide.getAttribute('aria-describedby')!);
    expect(label?.textContent).toBe('DSC_0412.jpg');
    expect(screen.queryByText(/Photo 1\b/)).toBeNull();
  });
});
