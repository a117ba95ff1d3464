'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CallToAction } from '@/lib/header';
import { CtaLink } from './CtaLink';
import { NavLinks } from './NavLinks';

/** The phone's side menu: a modal panel that takes focus, keeps it, and closes on Escape. */
export function MobileMenu({ cta }: { cta: CallToAction | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const first = panel.current?.querySelector<HTMLElement>('a, button');
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a, button')];
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      if (!firstEl || !lastEl) return;
      if (event.shiftKey && document.activeElement === firstEl) {
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && document.activeElement === lastEl) {
        event.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('menu-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('menu-open');
    };
  }, [open, close]);

  return (
    <div className="mobile-menu">
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M4 7h16M4 12h16M4 17h16"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      {/* Drawn only while open: a closed menu costs the page's HTML nothing. */}
      {open ? (
        <>
          <div className="menu-backdrop" onClick={close} />
          <div
            ref={panel}
            id={panelId}
            className="menu-panel"
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
          >
            <button type="button" className="menu-close" onClick={close}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6 6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span className="visually-hidden">Close menu</span>
            </button>
            <nav aria-label="Mobile">
              <NavLinks className="menu-list" onNavigate={() => setOpen(false)} />
            </nav>
            {cta ? <CtaLink cta={cta} className="menu-cta" /> : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
