import { useEffect, useRef } from 'react';

export type Shortcuts = {
  undo: () => void;
  redo: () => void;
  remove: () => void;
  duplicate: () => void;
  deselect: () => void;
  nudge: (dx: number, dy: number) => void;
  hasSelection: () => boolean;
};

/** Fields where keys belong to the person typing, not to the editor. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  // Radio groups and sliders use the arrow keys themselves; checkboxes and buttons do not.
  return target.isContentEditable || tag === 'TEXTAREA' || tag === 'SELECT' || (tag === 'INPUT' && !['checkbox', 'button', 'submit'].includes((target as HTMLInputElement).type));
}

/**
 * The editor's shortcuts, while focus is inside the editor (not on the whole page, so the
 * site's own keys keep working): Delete/Backspace, Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y,
 * Ctrl/Cmd+D, arrows (Shift: ×10), Escape.
 */
export function useKeyboard(root: React.RefObject<HTMLElement | null>, shortcuts: Shortcuts, step: number) {
  const ref = useRef(shortcuts);
  ref.current = shortcuts;
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || (e.target as HTMLElement).closest?.('dialog')) return;
      const s = ref.current;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) s.redo();
        else s.undo();
      } else if (mod && key === 'y') {
        e.preventDefault();
        s.redo();
      } else if (mod && key === 'd') {
        e.preventDefault(); // not the browser's bookmark dialog
        s.duplicate();
      } else if ((e.key === 'Delete' || e.key === 'Backspace') && s.hasSelection()) {
        e.preventDefault();
        s.remove();
      } else if (e.key === 'Escape' && s.hasSelection()) {
        s.deselect();
      } else if (e.key.startsWith('Arrow') && s.hasSelection() && !mod) {
        // Arrows on a focused button would otherwise scroll the panel.
        e.preventDefault();
        const d = e.shiftKey ? step * 10 : step;
        s.nudge(e.key === 'ArrowLeft' ? -d : e.key === 'ArrowRight' ? d : 0, e.key === 'ArrowUp' ? -d : e.key === 'ArrowDown' ? d : 0);
      }
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [root, step]);
}
