'use client';
import { useId } from 'react';
import type { Reorder } from '../model/actions';
import type { DesignElement, TextElement } from '../model/schema';
import { FONT_WEIGHTS } from '../model/schema';
import type { Alignment } from '../model/snapping';
import { Icon, type IconName } from './icons';

type Props = {
  el: DesignElement;
  count: number;
  onChange: (patch: Partial<DesignElement>, live?: boolean) => void;
  onCommit: () => void;
  onAlign: (how: Alignment) => void;
  onOrder: (how: Reorder) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onEditText: () => void;
  onReplacePhoto: () => void;
};

const WEIGHT_NAMES: Record<number, string> = { 400: 'Regular', 500: 'Medium', 600: 'Semibold', 700: 'Bold', 800: 'Extra bold', 900: 'Black' };

/** `<input type=color>` only takes #rrggbb: rgba() and #rgb colours are shown as their hex. */
function hex6(colour: string): string {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (m) return `#${[m[1], m[2], m[3]].map((c) => Number(c).toString(16).padStart(2, '0')).join('')}`;
  if (/^#[0-9a-f]{3}$/i.test(colour)) return `#${[...colour.slice(1)].map((c) => c + c).join('')}`;
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#000000';
}

function IconButton({ icon, label, onClick, disabled }: { icon: IconName; label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="pe-icon-btn" onClick={onClick} disabled={disabled} aria-label={label} title={label}>
      <Icon name={icon} />
    </button>
  );
}

function TextFields({ el, onChange, onCommit }: { el: TextElement; onChange: Props['onChange']; onCommit: () => void }) {
  const id = useId();
  return (
    <>
      <label className="pe-label" htmlFor={`${id}-text`}>
        Text
      </label>
      <textarea id={`${id}-text`} className="pe-input pe-textarea" value={el.text} rows={2} onChange={(e) => onChange({ text: e.target.value }, true)} onBlur={onCommit} />
      <div className="pe-grid2">
        <div>
          <label className="pe-label" htmlFor={`${id}-size`}>
            Size
          </label>
          <input id={`${id}-size`} className="pe-input" type="number" min={4} max={2000} value={Math.round(el.fontSize)} onChange={(e) => Number(e.target.value) >= 4 && onChange({ fontSize: Number(e.target.value) })} />
        </div>
        <div>
          <label className="pe-label" htmlFor={`${id}-weight`}>
            Weight
          </label>
          <select id={`${id}-weight`} className="pe-input" value={el.fontWeight} onChange={(e) => onChange({ fontWeight: Number(e.target.value) as TextElement['fontWeight'] })}>
            {FONT_WEIGHTS.map((w) => (
              <option key={w} value={w}>
                {WEIGHT_NAMES[w]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="pe-grid2">
        <div>
          <label className="pe-label" htmlFor={`${id}-colour`}>
            Colour
          </label>
          <input id={`${id}-colour`} className="pe-colour" type="color" value={hex6(el.fill)} onChange={(e) => onChange({ fill: e.target.value.toUpperCase() }, true)} onBlur={onCommit} />
        </div>
        <fieldset className="pe-toggle-group">
          <legend className="pe-label">Alignment</legend>
          {(['left', 'center', 'right'] as const).map((a) => (
            <button key={a} type="button" className="pe-icon-btn" aria-pressed={el.align === a} aria-label={`Align text ${a === 'center' ? 'centre' : a}`} title={`Align text ${a === 'center' ? 'centre' : a}`} onClick={() => onChange({ align: a })}>
              <Icon name={a === 'left' ? 'alignLeft' : a === 'center' ? 'alignCenter' : 'alignRight'} />
            </button>
          ))}
        </fieldset>
      </div>
      <div className="pe-checks">
        <label>
          <input type="checkbox" checked={el.uppercase} onChange={(e) => onChange({ uppercase: e.target.checked })} /> Capitals
        </label>
        <label>
          <input type="checkbox" checked={el.italic} onChange={(e) => onChange({ italic: e.target.checked })} /> Italic
        </label>
        <label>
          <input type="checkbox" checked={Boolean(el.shadow)} onChange={(e) => onChange({ shadow: e.target.checked })} /> Shadow
        </label>
      </div>
    </>
  );
}

/** The selected element's settings and the actions on it, all reachable by keyboard. */
export function Inspector({ el, count, onChange, onCommit, onAlign, onOrder, onDuplicate, onDelete, onEditText, onReplacePhoto }: Props) {
  const id = useId();
  const locked = Boolean(el.locked);
  return (
    <div className="pe-panel-body" aria-label="Selected element">
      <p className="pe-h3">
        {count > 1 ? `${count} elements selected` : el.name}
        {locked ? <span className="pe-hint"> (locked in place)</span> : null}
      </p>
      <div className="pe-toolrow" role="group" aria-label="Arrange">
        {el.type === 'text' ? <IconButton icon="edit" label="Edit text on the canvas" onClick={onEditText} /> : null}
        <IconButton icon="copy" label="Duplicate (Ctrl+D)" onClick={onDuplicate} />
        <IconButton icon="trash" label="Delete (Delete)" onClick={onDelete} disabled={locked} />
        <IconButton icon="forward" label="Bring forward" onClick={() => onOrder('forward')} />
        <IconButton icon="backward" label="Send backward" onClick={() => onOrder('backward')} />
      </div>
      <div className="pe-toolrow" role="group" aria-label="Align on the canvas">
        <IconButton icon="alignLeft" label="Align to left edge" onClick={() => onAlign('left')} disabled={locked} />
        <IconButton icon="alignCenter" label="Centre horizontally" onClick={() => onAlign('center')} disabled={locked} />
        <IconButton icon="alignRight" label="Align to right edge" onClick={() => onAlign('right')} disabled={locked} />
        <IconButton icon="alignTop" label="Align to top edge" onClick={() => onAlign('top')} disabled={locked} />
        <IconButton icon="alignMiddle" label="Centre vertically" onClick={() => onAlign('middle')} disabled={locked} />
        <IconButton icon="alignBottom" label="Align to bottom edge" onClick={() => onAlign('bottom')} disabled={locked} />
      </div>
      {count === 1 && el.type === 'text' ? <TextFields el={el} onChange={onChange} onCommit={onCommit} /> : null}
      {count === 1 && el.type === 'image' && el.role === 'photo' ? (
        <button type="button" className="pe-btn pe-btn-wide" onClick={onReplacePhoto}>
          Replace photo
        </button>
      ) : null}
      {count === 1 && (el.type === 'sticker' || ((el.type === 'rect' || el.type === 'circle' || el.type === 'line') && typeof el.fill === 'string')) ? (
        <>
          <label className="pe-label" htmlFor={`${id}-fill`}>
            Colour
          </label>
          <input
            id={`${id}-fill`}
            className="pe-colour"
            type="color"
            value={hex6(el.type === 'sticker' ? el.colour : typeof el.fill === 'string' ? el.fill : '#000000')}
            onChange={(e) => onChange(el.type === 'sticker' ? { colour: e.target.value.toUpperCase() } : { fill: e.target.value.toUpperCase() }, true)}
            onBlur={onCommit}
          />
        </>
      ) : null}
      {count === 1 ? (
        <div className="pe-grid2">
          <div>
            <label className="pe-label" htmlFor={`${id}-opacity`}>
              Opacity
            </label>
            <input id={`${id}-opacity`} type="range" min={0.05} max={1} step={0.05} value={el.opacity} onChange={(e) => onChange({ opacity: Number(e.target.value) }, true)} onPointerUp={onCommit} onKeyUp={onCommit} onBlur={onCommit} />
          </div>
          <div>
            <label className="pe-label" htmlFor={`${id}-rotation`}>
              Rotation (°)
            </label>
            <input id={`${id}-rotation`} className="pe-input" type="number" min={-360} max={360} value={Math.round(el.rotation)} onChange={(e) => onChange({ rotation: Number(e.target.value) || 0 })} disabled={locked} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
