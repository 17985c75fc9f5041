import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSidebarState } from '../../web/src/hooks/use-sidebar-state';
import { STORAGE_KEYS } from '../../web/src/lib/local-storage';

/** jsdom has no layout: answer media queries as a window of the given width would. */
function setWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity);
      return {
        matches: width <= max,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('sidebar (spec 2 layout, spec 9 breakpoint)', () => {
  it('is open by default on a wide screen', () => {
    setWidth(1280);
    const { result } = renderHook(() => useSidebarState());
    expect(result.current.open).toBe(true);
  });

  it('remembers the collapsed choice in local storage across page loads', () => {
    setWidth(1280);
    const first = renderHook(() => useSidebarState());
    act(() => first.result.current.toggle());
    expect(first.result.current.open).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('true');
    first.unmount();

    const reloaded = renderHook(() => useSidebarState());
    expect(reloaded.result.current.open).toBe(false);
    act(() => reloaded.result.current.toggle());
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('false');
  });

  it('is closed by default at 768 px or less, whatever was remembered', () => {
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, 'false');
    setWidth(768);
    const { result } = renderHook(() => useSidebarState());
    expect(result.current).toMatchObject({ open: false, narrow: true });
  });

  it('on a narrow screen opening is not remembered, and closeOverlay closes it (navigation)', () => {
    setWidth(375);
    const { result } = renderHook(() => useSidebarState());
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBeNull();
    act(() => result.current.closeOverlay());
    expect(result.current.open).toBe(false);
  });
});
