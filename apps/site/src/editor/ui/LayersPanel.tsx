'use client';
import type { DesignElement } from '../model/schema';

const KIND: Record<DesignElement['type'], string> = { text: 'Text', image: 'Picture', rect: 'Rectangle', circle: 'Circle', line: 'Line', sticker: 'Sticker' };

/**
 * Every element, top layer first: the keyboard way to select anything (then arrows move it,
 * Delete removes it), and the way to reach an element hidden under another.
 */
export function LayersPanel({ elements, selection, onSelect }: { elements: DesignElement[]; selection: string[]; onSelect: (id: string, additive: boolean) => void }) {
  return (
    <div className="pe-panel-body">
      <ul className="pe-layers">
        {[...elements].reverse().map((el) => (
          <li key={el.id}>
            <button type="button" className="pe-layer" aria-pressed={selection.includes(el.id)} onClick={(e) => onSelect(el.id, e.shiftKey || e.metaKey || e.ctrlKey)}>
              <span className="pe-layer-kind">{KIND[el.type]}</span>
              <span className="pe-layer-name">{el.type === 'text' && el.text.trim() ? el.text.slice(0, 40) : el.name}</span>
              {el.locked ? <span className="pe-hint">locked</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <p className="pe-hint">Arrow keys move the selection (Shift for bigger steps). Ctrl+D duplicates, Delete removes, Escape deselects.</p>
    </div>
  );
}
