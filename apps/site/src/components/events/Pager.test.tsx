// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pager } from './Pager';

const pagination = (current_page: number, total_pages: number) => ({
  total: total_pages * 12,
  current_page,
  total_pages,
  page_size: 12,
  has_next_page: current_page < total_pages,
  has_previous_page: current_page > 1,
});

describe('Pager', () => {
  it('is absent with one page', () => {
    const { container } = render(<Pager pagination={pagination(1, 1)} basePath="/events" />);
    expect(container.innerHTML).toBe('');
  });

  it("shows 'Page 1 of 3' and Next only on the first page", () => {
    render(<Pager pagination={pagination(1, 3)} basePath="/events" />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/events?page=2');
  });

  it('shows Previous only on the last page, back to the bare path for page 1', () => {
    render(<Pager pagination={pagination(2, 2)} basePath="/promo" />);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/promo');
  });
});
