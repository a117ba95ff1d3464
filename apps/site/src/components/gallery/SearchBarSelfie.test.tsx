// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBar } from './SearchBar';
import { SELFIE_TEXT, type SelfieControls } from './SelfiePanel';
import type { SelfieState } from './useSelfieSearch';

afterEach(() => vi.unstubAllGlobals());

function controls(state: SelfieState, over: Partial<SelfieControls> = {}): SelfieControls {
  return { state, onOpen: vi.fn(), onPick: vi.fn(), onUpload: vi.fn(), ...over };
}

function renderBar(state: SelfieState, over: Partial<SelfieControls> = {}, flags = { bib: true, name: true }) {
  const selfie = controls(state, over);
  const view = render(<SearchBar bib={flags.bib} name={flags.name} bibPlaceholder="" current={null} onSearch={vi.fn()} selfie={selfie} />);
  return { selfie, ...view };
}

const openSelfie = () => fireEvent.click(screen.getByRole('radio', { name: 'Selfie' }));
const bar = () => screen.getByRole('search', { name: 'Find your photos' });

describe('SearchBar: the Selfie option', () => {
  it('offers Selfie next to Bib and Name; opening it starts the model and shows the consent line', () => {
    const { selfie } = renderBar({ phase: 'idle' });
    const kinds = within(screen.getByRole('radiogroup', { name: 'Search by' })).getAllByRole('radio');
    expect(kinds.map((k) => k.textContent)).toEqual(['Bib', 'Name', 'Selfie']);
    expect(selfie.onOpen).not.toHaveBeenCalled();
    openSelfie();
    expect(selfie.onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByText(SELFIE_TEXT.consent)).toBeTruthy();
    // The text field is gone; the file picker is there, with no camera on a desktop.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take a selfie' })).toBeNull();
    const file = bar().querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
    expect(file.accept).toBe('image/*');
  });

  it('is not offered when the event has selfie search off', () => {
    render(<SearchBar bib name bibPlaceholder="" current={null} onSearch={vi.fn()} />);
    expect(screen.queryByRole('radio', { name: 'Selfie' })).toBeNull();
  });

  it('on a phone: the front camera as well as the photos', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(pointer: coarse)', addEventListener() {}, removeEventListener() {} }));
    const { selfie } = renderBar({ phase: 'ready' });
    openSelfie();
    expect(screen.getByRole('button', { name: 'Take a selfie' })).toBeTruthy();
    const camera = bar().querySelector<HTMLInputElement>('input[capture="user"]')!;
    expect(camera.accept).toBe('image/*');
    const click = vi.spyOn(camera, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Take a selfie' }));
    expect(click).toHaveBeenCalled();
    const photo = new File([new Uint8Array([1])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(camera, { target: { files: [photo] } });
    expect(selfie.onPick).toHaveBeenCalledWith(photo);
  });

  it('shows the model download’s progress in megabytes', () => {
    renderBar({ phase: 'loading', progress: { received: 3_150_000, total: 9_242_000 } });
    openSelfie();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Getting face matching ready');
    expect(status.textContent).toContain('3.2 of 9.2 MB');
    expect(within(status).getByRole('progressbar', { name: 'Face model download' }).getAttribute('value')).toBe('3150000');
  });

  it('says what it is doing while the selfie is measured and searched, and holds the buttons', () => {
    const { rerender } = renderBar({ phase: 'describing' });
    openSelfie();
    expect(screen.getByRole('status').textContent).toBe(SELFIE_TEXT.describing);
    expect((screen.getByRole('button', { name: 'Choose a photo' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<SearchBar bib name bibPlaceholder="" current={null} onSearch={vi.fn()} selfie={controls({ phase: 'searching', uploaded: false })} />);
    expect(screen.getByRole('status').textContent).toBe(SELFIE_TEXT.searching);
  });

  it('says when there were several faces and the largest was used', () => {
    renderBar({ phase: 'done', answer: { photos: [], total: 0, threshold: 0.6 }, faces: 3, uploaded: false });
    openSelfie();
    expect(screen.getByRole('status').textContent).toBe('We found 3 faces on your photo and looked for the largest one.');
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeTruthy();
  });

  it('no face, a file that is not a photo, the API down: each says so', () => {
    const { rerender } = renderBar({ phase: 'error', kind: 'no-face', message: null, canUpload: false });
    openSelfie();
    expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.noFace);
    const again = (state: SelfieState) => rerender(<SearchBar bib name bibPlaceholder="" current={null} onSearch={vi.fn()} selfie={controls(state)} />);
    again({ phase: 'error', kind: 'unreadable', message: null, canUpload: false });
    expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.unreadable);
    again({ phase: 'error', kind: 'api-down', message: null, canUpload: false });
    expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.apiDown);
    again({ phase: 'error', kind: 'refused', message: 'Selfie search is turned off for this event.', canUpload: false });
    expect(screen.getByRole('alert').textContent).toBe('Selfie search is turned off for this event.');
    expect(screen.queryByRole('button', { name: SELFIE_TEXT.upload })).toBeNull();
  });

  it('the model failed: offers to send the selfie instead, only when the visitor agrees', () => {
    const { selfie } = renderBar({ phase: 'error', kind: 'model', message: null, canUpload: true });
    openSelfie();
    expect(screen.getByRole('alert').textContent).toBe(`${SELFIE_TEXT.model} ${SELFIE_TEXT.modelUpload}`);
    expect(selfie.onUpload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: SELFIE_TEXT.upload }));
    expect(selfie.onUpload).toHaveBeenCalledTimes(1);
  });

  it('with selfie search the only way, the panel shows without tabs', () => {
    renderBar({ phase: 'idle' }, {}, { bib: false, name: false });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByText(SELFIE_TEXT.consent)).toBeTruthy();
  });
});
