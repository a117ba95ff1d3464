import { ACTIONS, type ActionArgs, type ActionName, type EditorState } from './actions';
import { commit, createHistory, redo, undo, type History } from './history';
import type { Design } from './schema';

/** The whole editor state the UI keeps: the live state plus the undo history of designs. */
export type Editor = { state: EditorState; history: History };

export function createEditor(design: Design): Editor {
  return { state: { design, selection: [] }, history: createHistory(design) };
}

/** Run a registered action and record it in the history when it says so. */
export function dispatch<N extends ActionName>(editor: Editor, name: N, args: ActionArgs<N>): Editor {
  const action = ACTIONS[name] as { perform: (s: EditorState, a: ActionArgs<N>) => { state: EditorState; commit: boolean } };
  const result = action.perform(editor.state, args);
  if (result.state === editor.state && !result.commit) return editor;
  return {
    state: result.state,
    history: result.commit ? commit(editor.history, result.state.design) : editor.history,
  };
}

function restore(editor: Editor, history: History): Editor {
  if (history === editor.history) return editor;
  const ids = new Set(history.present.elements.map((e) => e.id));
  return { history, state: { design: history.present, selection: editor.state.selection.filter((id) => ids.has(id)) } };
}

export const undoEditor = (editor: Editor) => restore(editor, undo(editor.history));
export const redoEditor = (editor: Editor) => restore(editor, redo(editor.history));
