'use client';
import type { ReactNode } from 'react';

export type Tab = 'templates' | 'photos' | 'add' | 'certificate' | 'layers';

type Props = {
  id: string;
  tabs: { id: Tab; label: string }[];
  tab: Tab;
  onTab: (tab: Tab) => void;
  /** The open tab's panel. */
  children: ReactNode;
};

/** The editor's tools: a WAI-ARIA tablist (arrow keys move between tabs) over the open panel. */
export function ToolTabs({ id, tabs, tab, onTab, children }: Props) {
  return (
    <aside className="pe-side" aria-label="Editor tools">
      <div className="pe-tabs" role="tablist" aria-label="Tools">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${id}-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            className="pe-tab"
            onClick={() => onTab(t.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              e.preventDefault();
              e.stopPropagation();
              const i = tabs.findIndex((x) => x.id === tab);
              const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
              if (next) {
                onTab(next.id);
                document.getElementById(`${id}-${next.id}`)?.focus();
              }
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {children}
      </div>
    </aside>
  );
}
