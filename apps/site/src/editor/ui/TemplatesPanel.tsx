'use client';
import type { Background, TemplateKind } from '../model/schema';
import type { TemplateInfo } from '../model/templates';

type Props = {
  templates: TemplateInfo[];
  current: TemplateKind;
  onChoose: (kind: TemplateKind) => void;
  background: Background;
  backgrounds: { id: string; label: string; background: Background }[];
  onBackground: (b: Background) => void;
};

/** Which size to design for, and what fills the background. */
export function TemplatesPanel({ templates, current, onChoose, background, backgrounds, onBackground }: Props) {
  const bgId = (b: Background) => (b.kind === 'image' ? `image:${b.src}` : 'gradient');
  return (
    <div className="pe-panel-body">
      <h3 className="pe-h3">Size</h3>
      <ul className="pe-template-list">
        {templates.map((t) => {
          const ratio = t.width / t.height;
          return (
            <li key={t.kind}>
              <button type="button" className="pe-template" aria-pressed={t.kind === current} onClick={() => onChoose(t.kind)}>
                <span className="pe-template-shape" aria-hidden="true">
                  <span style={{ width: ratio >= 1 ? 36 : 36 * ratio, height: ratio >= 1 ? 36 / ratio : 36 }} />
                </span>
                <span>
                  <span className="pe-template-label">{t.label}</span>
                  <span className="pe-hint">{t.hint}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <h3 className="pe-h3">Background</h3>
      <div className="pe-toolrow" role="group" aria-label="Background">
        {backgrounds.map((b) => (
          <button key={b.id} type="button" className="pe-btn" aria-pressed={bgId(b.background) === bgId(background)} onClick={() => onBackground(b.background)}>
            {b.label}
          </button>
        ))}
      </div>
      <p className="pe-hint">Pick any photo as the background in the Photos tab.</p>
    </div>
  );
}
