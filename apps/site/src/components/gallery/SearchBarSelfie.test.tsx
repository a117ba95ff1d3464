// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBar } from './SearchBar';
import { SELFIE_CONSENT_KEY, SELFIE_TEXT, type SelfieControls } from './SelfiePanel';
import type { SelfieState } from './useSelfieSearch';

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

function controls(state: SelfieState, over: Partial<SelfieControls> = {}): SelfieControls {
  return { state, onOpen: vi.fn(), onPick: vi.fn(), ...over };
}
/** The visitor said yes earlier in this visit. */
const agreed = () => window.sessionStorage.setItem(SELFIE_CONSENT_KEY, 'yes');

function renderBar(state: SelfieState, over: Partial<SelfieControls> = {}, flags = { bib: true, name: true }) {
  const selfie = controls(state, over);
  const view = render(<SearchBar bib={flags.bib} name={flags.name} bibPlaceholder="" current={null} onSearch={vi.fn()} selfie={selfie} />);
  return { selfie, ...view };
}

/** The selfie panel is loaded when its option is first picked: wait until it is drawn. */
const selfieShown = () =>
  waitFor(() => {
    if (!document.querySelector('.selfie-panel:not(:empty)')) throw new Error('no selfie panel yet');
  });
const openSelfie = async () => {
  const radio = screen.getByRole('radio', { name: 'Selfie' });
  radio.focus();
  fireEvent.click(radio);
  await selfieShown();
};
const bar = () => screen.getByRole('search', { name: 'Find your photos' });

describe('SearchBar: the Selfie option', () => {
  it('offers Selfie next to Bib and Name; opening it asks first, with nothing loaded and no camera or file input', async () => {
    const { selfie } = renderBar({ phase: 'idle' });
    const kinds = within(screen.getByRole('radiogroup', { name: 'Search by' })).getAllByRole('radio');
    expect(kinds.map((k) => k.textContent)).toEqual(['Bib', 'Name', 'Selfie']);
    await openSelfie();
    const ask = screen.getByRole('group', { name: SELFIE_TEXT.consentTitle });
    expect(ask.textContent).toContain(SELFIE_TEXT.consent);
    expect(ask.getAttribute('aria-describedby')).toBe(screen.getByText(SELFIE_TEXT.consent).parentElement!.id);
    // What happens to face data is one link away, in a new tab so the search stays where it was.
    const privacy = within(ask).getByRole('link', { name: new RegExp(`^${SELFIE_TEXT.privacy}.*new tab`) });
    expect(privacy.getAttribute('href')).toBe('/privacy#selfie');
    expect(privacy.getAttribute('target')).toBe('_blank');
    // After the answer's buttons, so Tab from the question reaches Continue first.
    expect(Array.from(ask.querySelectorAll('button, a')).map((el) => el.textContent)).toEqual([
      SELFIE_TEXT.agree,
      SELFIE_TEXT.cancel,
      `${SELFIE_TEXT.privacy}${SELFIE_TEXT.newTab}`,
    ]);
    // Focus moves to the question; Continue and Cancel are the only actions.
    expect(document.activeElement).toBe(ask);
    expect(within(ask).getAllByRole('button').map((b) => b.textContent)).toEqual([SELFIE_TEXT.agree, SELFIE_TEXT.cancel]);
    expect(selfie.onOpen).not.toHaveBeenCalled();
    expect(bar().querySelector('input[type=file]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose a photo' })).toBeNull();
  });

  it('Continue: remembered for the visit, the model starts loading, focus on the file picker', async () => {
    const { selfie } = renderBar({ phase: 'idle' });
    await openSelfie();
    fireEvent.click(screen.getByRole('button', { name: SELFIE_TEXT.agree }));
    expect(window.sessionStorage.getItem(SELFIE_CONSENT_KEY)).toBe('yes');
    expect(selfie.onOpen).toHaveBeenCalledTimes(1);
    // The sentence stays in view; the text field is gone; the file picker, no camera on a desktop.
    expect(screen.getByText(SELFIE_TEXT.consent)).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    const choose = screen.getByRole('button', { name: 'Choose a photo' });
    expect(document.activeElement).toBe(choose);
    expect(screen.queryByRole('button', { name: 'Take a selfie' })).toBeNull();
    const file = bar().querySelector<HTMLInputElement>('input[type=file]:not([capture])')!;
    expect(file.accept).toBe('image/*');
    // Bib and back: not asked again in this visit.
    fireEvent.click(screen.getByRole('radio', { name: 'Bib' }));
    await openSelfie();
    expect(screen.queryByRole('group', { name: SELFIE_TEXT.consentTitle })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeTruthy();
  });

  it('Cancel (or Escape): nothing loads, nothing is remembered; the visitor can ask again', async () => {
    const { selfie } = renderBar({ phase: 'idle' });
    await openSelfie();
    fireEvent.click(screen.getByRole('button', { name: SELFIE_TEXT.cancel }));
    expect(selfie.onOpen).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(SELFIE_CONSENT_KEY)).toBeNull();
    expect(bar().querySelector('input[type=file]')).toBeNull();
    expect(screen.getByText(SELFIE_TEXT.declined)).toBeTruthy();
    const reopen = screen.getByRole('button', { name: SELFIE_TEXT.reopen });
    expect(document.activeElement).toBe(reopen);
    fireEvent.click(reopen);
    const ask = screen.getByRole('group', { name: SELFIE_TEXT.consentTitle });
    expect(document.activeElement).toBe(ask);
    fireEvent.keyDown(ask, { key: 'Escape' });
    expect(screen.getByText(SELFIE_TEXT.declined)).toBeTruthy();
    expect(selfie.onOpen).not.toHaveBeenCalled();
  });

  it('a yes given earlier in the visit opens the option at once', async () => {
    agreed();
    const { selfie } = renderBar({ phase: 'idle' });
    await openSelfie();
    expect(selfie.onOpen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group', { name: SELFIE_TEXT.consentTitle })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeTruthy();
  });

  it('is not offered when the event has selfie search off', async () => {
    render(<SearchBar bib name bibPlaceholder="" current={null} onSearch={vi.fn()} />);
    expect(screen.queryByRole('radio', { name: 'Selfie' })).toBeNull();
  });

  it('on a phone: the front camera as well as the photos', async () => {
    agreed();
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(pointer: coarse)', addEventListener() {}, removeEventListener() {} }));
    const { selfie } = renderBar({ phase: 'ready' });
    await openSelfie();
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

  it('shows the model download’s progress in megabytes', async () => {
    agreed();
    renderBar({ phase: 'loading', progress: { received: 3_150_000, total: 9_242_000 } });
    await openSelfie();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Getting face matching ready');
    expect(status.textContent).toContain('3.2 of 9.2 MB');
    expect(within(status).getByRole('progressbar', { name: 'Face model download' }).getAttribute('value')).toBe('3150000');
  });

  it('says what it is doing while the selfie is measured and searched, and holds the buttons', async () => {
    agreed();
    const { rerender } = renderBar({ phase: 'describing' });
    await openSelfie();
    expect(screen.getByRole('status').textContent).toBe(SELFIE_TEXT.describing);
    expect((screen.getByRole('button', { name: 'Choose a photo' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<SearchBar bib name bibPlaceholder="" current={null} onSearch={vi.fn()} selfie={controls({ phase: 'searching' })} />);
    expect(screen.getByRole('status').textContent).toBe(SELFIE_TEXT.searching);
  });

  it('says when there were several faces and the largest was used', async () => {
    agreed();
    renderBar({ phase: 'done', answer: { photos: [], total: 0, threshold: 0.6 }, faces: 3 });
    await openSelfie();
    expect(screen.getByRole('status').textContent).toBe('We found 3 faces on your photo and looked for the largest one.');
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeTruthy();
  });

  it('no face, a file that is not a photo, the API down: each says so', async () => {
    agreed();
    const { rerender } = renderBar({ phase: 'error', kind: 'no-face', message: null });
    await openSelfie();
    expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.noFace);
    const again = (state: SelfieState) => rerender(<SearchBar bib name bibPlaceholder="" current={null} onSearch={vi.fn()} selfie={controls(state)} />);
    again({ phase: 'error', kind: 'unreadable', message: null });
    expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.unreadable);
    again({ phase: 'error', kind: 'api-down', message: null });
    expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.apiDown);
    again({ phase: 'error', kind: 'refused', message: 'Selfie search is turned off for this event.' });
    expect(screen.getByRole('alert').textContent).toBe('Selfie search is turned off for this event.');
  });

  it('the model cannot run: says so and offers no way to send the selfie itself', async () => {
    agreed();
    renderBar({ phase: 'error', kind: 'model', message: null });
    await openSelfie();
    expect(screen.getByRole('alert').textContent).toBe(SELFIE_TEXT.model);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).not.toContain('Send the selfie to search');
  });

  it('with selfie search the only way, the panel shows without tabs', async () => {
    const { selfie } = renderBar({ phase: 'idle' }, {}, { bib: false, name: false });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    // Asked first, without taking focus on a page load.
    const ask = screen.getByRole('group', { name: SELFIE_TEXT.consentTitle });
    expect(ask.textContent).toContain(SELFIE_TEXT.consent);
    expect(document.activeElement).not.toBe(ask);
    expect(selfie.onOpen).not.toHaveBeenCalled();
  });
});
