import { useId, useRef, useState, type ReactNode } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/** Tabs in the ARIA pattern: arrow keys, Home and End move between them; the panel follows. */
export function Tabs({ tabs, label, initial }: { tabs: Tab[]; label: string; initial?: string }) {
  const [selected, setSelected] = useState(initial ?? tabs[0]!.id);
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    setSelected(tab.id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${tab.id}"]`)?.focus();
  };
  const current = tabs.findIndex((t) => t.id === selected);
  return (
    <div className="tabs">
      <div
        role="tablist"
        aria-label={label}
        className="tab-list"
        ref={list}
        onKeyDown={(e) => {
          const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
          if (e.key in moves) {
            e.preventDefault();
            select(moves[e.key]!);
          }
        }}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            data-tab={tab.id}
            id={`${base}-${tab.id}-tab`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tab"
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-${tab.id}-panel`}
          aria-labelledby={`${base}-${tab.id}-tab`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="tab-panel"
        >
          {tab.id === selected ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
