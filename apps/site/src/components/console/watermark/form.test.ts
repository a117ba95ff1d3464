import { describe, expect, it } from 'vitest';
import { decodeDraft, draftOf, draftOfForm, encodeDraft, inputOfDraft } from './form';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe('the watermark form', () => {
  it('reads a posted form into the API’s input (percent to shares)', () => {
    const draft = draftOfForm(
      form({
        enabled: 'on',
        kind: 'text',
        text: ' © City Runs ',
        position: 'top-left',
        opacity: '45',
        size: '30',
        on_downloads: 'on',
      }),
    );
    expect(inputOfDraft(draft, false)).toEqual({
      ok: true,
      input: {
        enabled: true,
        kind: 'text',
        text: '© City Runs',
        position: 'top-left',
        opacity: 0.45,
        size: 0.3,
        on_downloads: true,
      },
    });
  });

  it('says which field is wrong, with the contract’s words', () => {
    expect(
      inputOfDraft(draftOfForm(form({ enabled: 'on', kind: 'text', text: '' })), false),
    ).toMatchObject({ ok: false, field: 'text' });
    expect(inputOfDraft(draftOfForm(form({ enabled: 'on', kind: 'image' })), false)).toMatchObject({
      ok: false,
      field: 'kind',
    });
    expect(inputOfDraft(draftOfForm(form({ enabled: 'on', kind: 'image' })), true)).toMatchObject({
      ok: true,
    });
    expect(inputOfDraft(draftOfForm(form({ opacity: '300' })), false)).toMatchObject({
      ok: false,
      field: 'opacity',
    });
    expect(inputOfDraft(draftOfForm(form({ size: '2' })), false)).toMatchObject({
      ok: false,
      field: 'size',
    });
    expect(inputOfDraft(draftOfForm(form({ text: 'x'.repeat(61) })), false)).toMatchObject({
      ok: false,
      field: 'text',
    });
  });

  it('falls back to the defaults for a missing or made-up choice, off unless ticked', () => {
    const draft = draftOfForm(form({ position: 'middle', kind: 'video', opacity: 'lots' }));
    expect(draft).toEqual({ ...draftOf(), enabled: false, on_downloads: false });
  });

  it('carries a draft through a redirect, and drops a broken one', () => {
    const draft = { ...draftOf(), enabled: true, text: 'Ünïcode ©', opacity: 35 };
    expect(decodeDraft(encodeDraft(draft))).toEqual(draft);
    expect(decodeDraft('%%%')).toBeNull();
    expect(decodeDraft(undefined)).toBeNull();
  });
});
