import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/**
 * The behaviour of a WAI-ARIA menu button, shared by every menu of the portal: Enter, Space or the arrow keys
 * open it and focus its first item, arrows, Home and End move between items, Escape closes it and gives focus
 * back to the button, Tab or a click outside closes it. Spread `buttonProps` on the button and `menuProps` on
 * the menu; `close()` after an item is chosen (focus then goes where the chosen action takes it).
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuItems(menu.current)[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItems(menu.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const target: Record<string, number> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key in target) {
      event.preventDefault();
      list[target[event.key] ?? 0]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return {
    open,
    close: () => setOpen(false),
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((current) => !current),
      onKeyDown: onButtonKey,
    },
    menuProps: { ref: menu, id: menuId, role: 'menu' as const, onKeyDown: onMenuKey },
  };
}
