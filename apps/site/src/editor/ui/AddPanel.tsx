'use client';
import type { TextPreset } from '../model/factories';
import type { ShapeElement, StickerElement } from '../model/schema';
import { STICKERS } from '../model/schema';
import { STICKER_LABELS, stickerDataUrl } from '../render/stickers';

type Props = {
  brand: string;
  /** The event's sponsor frames (none: the section is not shown). */
  frames?: readonly { id: number; name: string; url: string }[];
  onFrame?: (frame: { id: number; name: string; url: string }) => void;
  onText: (preset: TextPreset) => void;
  onShape: (type: ShapeElement['type']) => void;
  onSticker: (kind: StickerElement['sticker']) => void;
};

/** Text, shapes and stickers to add: each lands in the middle of the canvas, selected. */
export function AddPanel({ brand, onText, onShape, onSticker, frames = [], onFrame }: Props) {
  return (
    <div className="pe-panel-body">
      <h3 className="pe-h3">Text</h3>
      <div className="pe-stack">
        <button type="button" className="pe-btn pe-add-text pe-add-heading" onClick={() => onText('heading')}>
          Add a headline
        </button>
        <button type="button" className="pe-btn pe-add-text pe-add-sub" onClick={() => onText('subheading')}>
          Add a subheading
        </button>
        <button type="button" className="pe-btn pe-add-text" onClick={() => onText('body')}>
          Add body text
        </button>
      </div>
      <h3 className="pe-h3">Shapes</h3>
      <div className="pe-toolrow">
        <button type="button" className="pe-btn" onClick={() => onShape('rect')}>
          <span className="pe-swatch" style={{ background: brand, borderRadius: 3 }} aria-hidden="true" /> Rectangle
        </button>
        <button type="button" className="pe-btn" onClick={() => onShape('circle')}>
          <span className="pe-swatch" style={{ background: brand, borderRadius: '50%' }} aria-hidden="true" /> Circle
        </button>
        <button type="button" className="pe-btn" onClick={() => onShape('line')}>
          <span className="pe-swatch" style={{ background: brand, height: 3 }} aria-hidden="true" /> Line
        </button>
      </div>
      <h3 className="pe-h3">Stickers</h3>
      <ul className="pe-sticker-grid">
        {STICKERS.map((s) => (
          <li key={s}>
            <button type="button" className="pe-sticker" onClick={() => onSticker(s)} aria-label={`Add sticker: ${STICKER_LABELS[s]}`} title={STICKER_LABELS[s]}>
              <img src={stickerDataUrl(s, brand)} alt="" width={56} height={56} />
            </button>
          </li>
        ))}
      </ul>
      {frames.length > 0 && onFrame ? (
        <>
          <h3 className="pe-h3">Sponsor frames</h3>
          <ul className="pe-sticker-grid">
            {frames.map((f) => (
              <li key={f.id}>
                <button type="button" className="pe-sticker" onClick={() => onFrame(f)} aria-label={`Add frame: ${f.name}`} title={f.name}>
                  <img src={f.url} alt="" width={56} height={56} crossOrigin="anonymous" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
