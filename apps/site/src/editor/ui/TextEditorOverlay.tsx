'use client';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TextElement } from '../model/schema';
import { FONT_FAMILY } from '../render/konvaProps';

/**
 * In-place text editing: a textarea laid exactly over the canvas text (same font, size, angle),
 * like Canva and Figma. Enter adds a line; Escape, Ctrl/Cmd+Enter or leaving the field finish.
 */
export function TextEditorOverlay({
  el,
  scale,
  origin,
  onDone,
}: {
  el: TextElement;
  scale: number;
  origin: { x: number; y: number };
  onDone: (text: string | undefined) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);

  const finish = (text: string | undefined) => {
    if (done.current) return;
    done.current = true;
    onDone(text);
  };

  const grow = () => {
    const ta = ref.current;
    if (!ta) return;
    ta.style.height = 'auto';
    ta.style.height = `${ta.scrollHeight}px`;
  };

  useLayoutEffect(grow, []);
  useEffect(() => {
    const ta = ref.current;
    if (!ta) return;
    ta.focus();
    ta.select();
  }, []);

  return (
    <textarea
      ref={ref}
      className="pe-text-editor"
      aria-label={`Edit text: ${el.name}`}
      defaultValue={el.text}
      rows={1}
      spellCheck
      onInput={grow}
      onBlur={(e) => finish(e.currentTarget.value)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape' || (e.key === 'Enter' && (e.metaKey || e.ctrlKey))) {
          e.preventDefault();
          finish(e.currentTarget.value);
        }
      }}
      style={{
        left: origin.x + el.x * scale,
        top: origin.y + el.y * scale,
        width: el.width * scale,
        fontFamily: FONT_FAMILY,
        fontSize: el.fontSize * scale,
        fontWeight: el.fontWeight,
        fontStyle: el.italic ? 'italic' : 'normal',
        lineHeight: el.lineHeight,
        letterSpacing: el.letterSpacing * scale,
        textAlign: el.align,
        textTransform: el.uppercase ? 'uppercase' : 'none',
        color: el.fill,
        transform: `rotate(${el.rotation}deg)`,
      }}
    />
  );
}
