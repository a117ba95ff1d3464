// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HideRequests } from './HideRequests';

describe('the organiser’s list of Hide me requests', () => {
  it('shows when each came and what it blurred, never a face, each with its own Undo', () => {
    render(
      <HideRequests
        eventId={4}
        csrf="tok"
        items={[
          { id: 9, created_at: '2026-06-01T09:30:00.000Z', hidden_faces: 3, hidden_photos: 2 },
          { id: 7, created_at: '2026-05-31T18:05:00.000Z', hidden_faces: 1, hidden_photos: 1 },
        ]}
      />,
    );
    const rows = within(screen.getByTestId('hide-requests')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1 Jun 2026, 09:30 UTC3 faces on 2 photosUndo',
      '31 May 2026, 18:05 UTC1 face on 1 photoUndo',
    ]);
    const undo = screen.getByRole('button', { name: 'Undo the request of 31 May 2026, 18:05 UTC' });
    const form = undo.closest('form')!;
    expect(form.getAttribute('action')).toBe('/console/events/4/photos/change');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      csrf: 'tok',
      action: 'undo-hide',
      request_id: '7',
    });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says so when nobody asked, and when the list could not be loaded', () => {
    const { unmount } = render(<HideRequests eventId={4} csrf="tok" items={[]} />);
    expect(screen.getByText('Nobody has asked to be hidden on this event.')).toBeTruthy();
    unmount();
    render(<HideRequests eventId={4} csrf="tok" items={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/);
  });
});
