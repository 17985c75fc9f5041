import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../web/src/lib/after-next-paint';

/** Frames are driven by hand: a callback queued with requestAnimationFrame runs when `paint()` says so. */
let frames: Array<() => void> = [];
const paint = () => {
  const due = frames;
  frames = [];
  due.forEach((frame) => frame());
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => undefined;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, not before it', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled();
    paint();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it after a second in a tab that paints no frames (hidden)', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    paint();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs it once canceled', () => {
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    cancel();
    paint();
    vi.advanceTimersByTime(5_000);
    expect(work).not.toHaveBeenCalled();
  });
});
