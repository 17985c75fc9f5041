import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, repeatCount, TOAST_CONTAINER_PROPS, toastIdFor } from '../../web/src/lib/notify';

/**
 * spec 2 "Notifications" and spec 9's toast constants, driven in jsdom with fake timers: what a user sees
 * open, when it closes, what the pointer and keyboard do, and the limit.
 */

function renderToasts() {
  return render(<ToastContainer {...TOAST_CONTAINER_PROPS} />);
}

const show = (fn: () => void) => act(fn);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The toasts that are open: a closed toast loses its alert role at once (jsdom runs no exit animation). */
const openToasts = () => screen.queryAllByRole('alert');
const openTexts = () => openToasts().map((t) => t.textContent ?? '');
const toastWith = (text: string) => {
  const found = openToasts().find((t) => t.textContent?.includes(text));
  if (!found) throw new Error(`no open toast says "${text}"`);
  return found;
};
const progressOf = (text: string) => toastWith(text).querySelector<HTMLElement>('[data-testid="toast-progress"]');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.useRealTimers();
});

describe('toasts (spec 2 "Notifications", spec 9 toast timeout 5 s, extended 1 s, max 5)', () => {
  it('are top-right with a close button', () => {
    const { container } = renderToasts();
    show(() => void notify.success('Saved'));
    expect(container.ownerDocument.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(toastWith('Saved').querySelector('button[aria-label="close"]')).not.toBeNull();
  });

  it('a toast closes after 5 s', () => {
    renderToasts();
    show(() => void notify.success('Order submitted'));
    wait(4_999);
    expect(openTexts()).toEqual(['Order submitted']);
    wait(1);
    expect(openToasts()).toHaveLength(0);
  });

  it('its progress bar runs the 5 s', () => {
    renderToasts();
    show(() => void notify.info('Draft saved'));
    expect(progressOf('Draft saved')).toHaveStyle({ animationDuration: '5000ms', animationPlayState: 'running' });
  });

  it('the pointer on a toast holds it open; after the pointer leaves it closes 1 s later', () => {
    renderToasts();
    show(() => void notify.error('Payment failed'));
    wait(3_000);
    fireEvent.mouseEnter(toastWith('Payment failed'));
    expect(progressOf('Payment failed')).toHaveStyle({ animationPlayState: 'paused' });
    wait(60_000);
    expect(openTexts()).toEqual(['Payment failed']);

    fireEvent.mouseLeave(toastWith('Payment failed'));
    expect(progressOf('Payment failed')).toHaveStyle({ animationDuration: '1000ms', animationPlayState: 'running' });
    wait(999);
    expect(openTexts()).toEqual(['Payment failed']);
    wait(1);
    expect(openToasts()).toHaveLength(0);
  });

  it('keyboard focus on a toast holds it like the pointer does; leaving it closes it 1 s later', () => {
    renderToasts();
    show(() => void notify.error('Upload failed'));
    const close = toastWith('Upload failed').querySelector<HTMLButtonElement>('button[aria-label="close"]');
    act(() => close?.focus());
    wait(10_000);
    expect(openTexts()).toEqual(['Upload failed']);
    act(() => close?.blur());
    wait(1_000);
    expect(openToasts()).toHaveLength(0);
  });

  it('at most 5 are open: a 6th closes the oldest', () => {
    renderToasts();
    for (const n of [1, 2, 3, 4, 5]) {
      show(() => void notify.info(`Message ${n}`));
      wait(10);
    }
    expect(openToasts()).toHaveLength(5);
    show(() => void notify.info('Message 6'));
    expect(openToasts()).toHaveLength(5);
    expect(openTexts().some((t) => t.includes('Message 1'))).toBe(false);
    expect(openTexts().some((t) => t.includes('Message 6'))).toBe(true);
  });

  it('a duplicate is not shown twice: the open toast counts it "(x2)", "(x3)"', () => {
    renderToasts();
    show(() => void notify.error('Order could not be saved'));
    show(() => void notify.error('Order could not be saved'));
    expect(toastWith('Order could not be saved')).toHaveTextContent('Order could not be saved (x2)');
    show(() => void notify.error('Order could not be saved'));
    expect(openToasts()).toHaveLength(1);
    expect(toastWith('Order could not be saved')).toHaveTextContent('(x3)');
    expect(repeatCount(toastIdFor('error', 'Order could not be saved'))).toBe(3);
  });

  it('a duplicate does not restart the timer: the toast closes 5 s after it opened', () => {
    renderToasts();
    show(() => void notify.error('Connection lost'));
    wait(4_000);
    show(() => void notify.error('Connection lost'));
    wait(1_000);
    expect(openToasts()).toHaveLength(0);
  });

  it('once a toast closed, the same message opens a new one with no count', () => {
    renderToasts();
    show(() => void notify.error('Connection lost'));
    show(() => void notify.error('Connection lost'));
    act(() => toastWith('Connection lost').querySelector<HTMLButtonElement>('button[aria-label="close"]')?.click());
    expect(openToasts()).toHaveLength(0);
    show(() => void notify.error('Connection lost'));
    expect(openTexts()).toEqual(['Connection lost']);
    expect(repeatCount(toastIdFor('error', 'Connection lost'))).toBe(1);
  });

  it('the same text of another kind is another toast', () => {
    renderToasts();
    show(() => {
      notify.info('Saved');
      notify.success('Saved');
    });
    expect(openToasts()).toHaveLength(2);
  });

  it('a message is text: HTML in it shows as characters and never becomes markup or runs', () => {
    renderToasts();
    const message =
      '<b>Invoice 1042</b> paid<img src=x onerror="window.hacked=true"><script>window.hacked=true</script>';
    show(() => void notify.info(message));
    const body = screen.getByText(message);
    expect(body.querySelector('b, img, script')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('toast keys come from the content, so equal messages map to the same toast', () => {
    expect(toastIdFor('error', 'A')).toBe(toastIdFor('error', 'A'));
    expect(toastIdFor('error', 'A')).not.toBe(toastIdFor('error', 'B'));
    expect(toastIdFor('error', 'A')).not.toBe(toastIdFor('info', 'A'));
  });
});
