/**
 * Runs `callback` once the browser has painted what is on screen now: work that the first paint does not need
 * (a module to fetch, a timer to start) then neither delays that paint nor competes with it for the network.
 * A frame callback runs just before the paint; a task queued from it runs after. A hidden tab paints no
 * frames, so a plain timer runs it there. Returns a cancel function.
 */
const HIDDEN_TAB_DELAY_MS = 1_000;

export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, HIDDEN_TAB_DELAY_MS);
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  }
  return () => {
    done = true;
    cancel();
  };
}
