import { type RefObject, useEffect } from 'react';

/**
 * Whether a person changed one of the form's named fields while the page was still loading: the
 * server-rendered form takes typing at once, but React hears nothing of it until the page is
 * live, so its state still holds the values the page was rendered with. Compared with what the
 * server rendered (`defaultValue`, `defaultChecked`, `defaultSelected`).
 */
export function changedBeforeLive(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((field) => {
    if (field instanceof HTMLInputElement) {
      if (!field.name || field.type === 'hidden' || field.type === 'file') return false;
      return field.type === 'checkbox' || field.type === 'radio'
        ? field.checked !== field.defaultChecked
        : field.value !== field.defaultValue;
    }
    if (field instanceof HTMLTextAreaElement)
      return Boolean(field.name) && field.value !== field.defaultValue;
    if (field instanceof HTMLSelectElement)
      return (
        Boolean(field.name) &&
        Array.from(field.options).some((o) => o.selected !== o.defaultSelected)
      );
    return false;
  });
}

/**
 * Once the page is live, hands the form to `take` if a person changed it while the page was
 * loading (`changedBeforeLive`), so the component's state can follow what is on the screen.
 */
export function useChangedBeforeLive(
  form: RefObject<HTMLFormElement | null>,
  take: (form: HTMLFormElement) => void,
): void {
  useEffect(() => {
    if (form.current && changedBeforeLive(form.current)) take(form.current);
    // Once, on the first commit after the page became live.
  }, []);
}
