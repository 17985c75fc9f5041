import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PutActivityInput } from '../../../core/schemas/activity';
import { useInactivity, type UseInactivityOptions } from '../../../web/src/features/session/hooks/use-inactivity';

const MIN = 60_000;

function render(initial: Partial<UseInactivityOptions> = {}) {
  const writes: PutActivityInput[] = [];
  const onExpired = vi.fn();
  const putActivity = async (input: PutActivityInput) => void writes.push(input);
  const getMyActivity = vi.fn(async () => null);
  const props: UseInactivityOptions = {
    session: { userId: 'u1', restored: false },
    path: '/customer/home',
    putActivity,
    getMyActivity,
    onExpired,
    ...initial,
  };
  const hook = renderHook((p: UseInactivityOptions) => useInactivity(p), { initialProps: props });
  return { hook, props, writes, onExpired, getMyActivity };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2025, 0, 6, 9, 0, 0));
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('useInactivity (spec 2, 4 inactivity popups in the app shell)', () => {
  it('a fresh login writes the activity record at once, with a device id kept in localStorage', async () => {
    const { writes } = render();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(writes[0]).toMatchObject({ immediate: true, deviceId: localStorage.getItem('deviceId') });
  });

  it('shows the warning with an mm:ss countdown after 55 minutes, and Continue Session hides it', async () => {
    const { hook } = render();
    await act(() => vi.advanceTimersByTimeAsync(500 + 55 * MIN));
    expect(hook.result.current).toMatchObject({ popup: 'warning', countdown: '05:00' });
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(hook.result.current.countdown).toBe('03:59');
    act(() => hook.result.current.continueSession());
    expect(hook.result.current.popup).toBeNull();
  });

  it('mouse activity on the window keeps the session alive', async () => {
    const { hook } = render();
    await act(() => vi.advanceTimersByTimeAsync(500 + 50 * MIN));
    act(() => void window.dispatchEvent(new Event('mousemove')));
    await act(() => vi.advanceTimersByTimeAsync(10 * MIN));
    expect(hook.result.current.popup).toBeNull();
  });

  it('expires at 60 minutes: the expired popup shows and onExpired logs the user out', async () => {
    const { hook, onExpired, props } = render();
    await act(() => vi.advanceTimersByTimeAsync(500 + 60 * MIN));
    expect(onExpired).toHaveBeenCalledTimes(1);
    hook.rerender({ ...props, session: null });
    expect(hook.result.current.popup).toBe('expired');
    act(() => hook.result.current.dismissExpired());
    expect(hook.result.current.popup).toBeNull();
  });

  it('a restored session is checked against the stored record (none: time out)', async () => {
    const { onExpired, getMyActivity } = render({ session: { userId: 'u1', restored: true } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(getMyActivity).toHaveBeenCalled();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('no timers on auth routes', async () => {
    const { hook, onExpired } = render({ path: '/auth/request' });
    await act(() => vi.advanceTimersByTimeAsync(2 * 60 * MIN));
    expect(onExpired).not.toHaveBeenCalled();
    expect(hook.result.current.popup).toBeNull();
  });
});
