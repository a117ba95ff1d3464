// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { changedBeforeLive } from './changed-before-live';

/** A form as the server renders it: each field with its value. */
function renderedForm(): HTMLFormElement {
  document.body.innerHTML = `<form>
    <input type="hidden" name="csrf" value="t">
    <input name="themeColor" value="#2E6F40">
    <input type="color" value="#2e6f40">
    <label><input type="radio" name="headerDesign" value="default" checked> Default</label>
    <label><input type="radio" name="headerDesign" value="fill"> Fill</label>
    <select name="ctaPosition"><option value="right" selected>Right</option><option value="left">Left</option></select>
    <textarea name="footerText">Thanks</textarea>
    <input type="checkbox" name="poweredBy" checked>
  </form>`;
  return document.querySelector('form')!;
}

describe('changedBeforeLive', () => {
  it('is false for a form as it was rendered', () => {
    expect(changedBeforeLive(renderedForm())).toBe(false);
  });

  it('sees each kind of field a person may change while the page loads', () => {
    const changes: Array<(form: HTMLFormElement) => void> = [
      (f) => ((f.elements.namedItem('themeColor') as HTMLInputElement).value = '#FFD700'),
      (f) => ((f.querySelector('input[value="fill"]') as HTMLInputElement).checked = true),
      (f) => ((f.elements.namedItem('ctaPosition') as HTMLSelectElement).value = 'left'),
      (f) => ((f.elements.namedItem('footerText') as HTMLTextAreaElement).value = 'See you'),
      (f) => ((f.elements.namedItem('poweredBy') as HTMLInputElement).checked = false),
    ];
    for (const change of changes) {
      const form = renderedForm();
      change(form);
      expect(changedBeforeLive(form)).toBe(true);
    }
  });

  it('ignores fields without a name and hidden ones: they are not what a person typed', () => {
    const form = renderedForm();
    (form.querySelector('input[type="color"]') as HTMLInputElement).value = '#ffd700';
    (form.elements.namedItem('csrf') as HTMLInputElement).value = 'other';
    expect(changedBeforeLive(form)).toBe(false);
  });
});
