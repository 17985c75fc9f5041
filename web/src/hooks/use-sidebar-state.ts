import { useCallback, useState } from 'react';
import { UI } from '../../../core/constants';
import { readSidebarCollapsed, writeSidebarCollapsed } from '../lib/local-storage';
import { useMediaQuery } from './use-media-query';

/** spec 2: the sidebar is closed by default at widths of 768 px or less. */
export const NARROW_QUERY = `(max-width: ${UI.mobileBreakpointPx}px)`;
/** spec 2: under 768 px, navigating closes the mobile sidebar. */
export const MOBILE_QUERY = `(max-width: ${UI.mobileBreakpointPx - 0.02}px)`;

export interface SidebarState {
  open: boolean;
  /** At or below the breakpoint the open sidebar lies over the page instead of beside it. */
  narrow: boolean;
  toggle: () => void;
  /** Closes the sidebar on narrow screens (after navigation, on Escape or a click on the page). */
  closeOverlay: () => void;
}

/**
 * spec 2 sidebar: 192 px open, 40 px collapsed. On wide screens the user's choice is remembered in local
 * storage; on narrow screens it starts closed and opening it is not remembered.
 */
export function useSidebarState(): SidebarState {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [wideOpen, setWideOpen] = useState(() => readSidebarCollapsed() !== true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const open = narrow ? narrowOpen : wideOpen;

  const toggle = useCallback(() => {
    if (narrow) {
      setNarrowOpen((current) => !current);
      return;
    }
    const next = !wideOpen;
    writeSidebarCollapsed(!next);
    setWideOpen(next);
  }, [narrow, wideOpen]);

  const closeOverlay = useCallback(() => setNarrowOpen(false), []);
  return { open, narrow, toggle, closeOverlay };
}
