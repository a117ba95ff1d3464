// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HideMatches } from './HideMatches';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const matches = [
  { uuid: A, width: 400, height: 300, box: { x: 100, y: 60, width: 80, height: 80 } },
  { uuid: B, width: 300, height: 400, box: { x: 30, y: 40, width: 60, height: 60 } },
];

function show() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <HideMatches
      apiBase="https://api.example"
      matches={matches}
      onConfirm={onConfirm}
      onCancel={onCancel}
      headingRef={() => undefined}
      headingId="q"
    />,
  );
  return { onConfirm, onCancel, ...view };
}

describe('Hide me: the photos found, confirmed one by one', () => {
  it('shows each photo with the face outlined where it was found, and nothing ticked', () => {
    const { container } = show();
    expect(screen.getByText('We found a face like yours in 2 photos. Which are you?')).toBeTruthy();
    const first = screen.getByRole('img', { name: 'Photo 1 of 2, the face found outlined' });
    expect(first.getAttribute('src')).toBe(`https://api.example/events/photos/${A}?w=480`);
    const face = container.querySelector<HTMLElement>('.hide-me-face')!;
    expect([face.style.left, face.style.top, face.style.width, face.style.height]).toEqual([
      '25%',
      '20%',
      '20%',
      '26.666666666666668%',
    ]);
    for (const box of screen.getAllByRole('checkbox'))
      expect((box as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('button', { name: 'Tick your photos first' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('sends only the photos the visitor ticked', () => {
    const { onConfirm } = show();
    fireEvent.click(screen.getByRole('checkbox', { name: 'This is me (photo 2)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide me in 1 photo' }));
    expect(onConfirm).toHaveBeenCalledWith([B]);
  });

  it('ticks every photo at once when they are all the visitor, in the order shown', () => {
    const { onConfirm } = show();
    fireEvent.click(screen.getByRole('button', { name: 'They are all me' }));
    expect(screen.queryByRole('button', { name: 'They are all me' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide me in 2 photos' }));
    expect(onConfirm).toHaveBeenCalledWith([A, B]);
  });

  it('offers no "all of them" for a single photo', () => {
    render(
      <HideMatches
        apiBase="https://api.example"
        matches={matches.slice(0, 1)}
        onConfirm={() => undefined}
        onCancel={() => undefined}
        headingRef={() => undefined}
        headingId="q"
      />,
    );
    expect(screen.getByText('We found a face like yours in 1 photo. Which are you?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'They are all me' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'This is me (photo 1)' })).toBeTruthy();
  });

  it('Cancel leaves everything as it was', () => {
    const { onConfirm, onCancel } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
