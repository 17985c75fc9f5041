import { useId, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern, manual activation not needed: the panels are cheap): one tab stop, arrow keys,
 * Home and End move between tabs and select them; the panel is labelled by its tab.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId();
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    document.getElementById(tabId(tab.key))?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={[styles.tab, active ? styles.active : ''].join(' ')}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className={styles.panel}>
        {children}
      </div>
    </div>
  );
}
