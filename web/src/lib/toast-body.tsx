import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ToastLife, ToastLifetimes } from './toast-lifetimes';

export interface ToastBodyProps {
  messageKey: string;
  /** Plain text, rendered as a text node: React escapes it, so typed names never become markup. */
  message: string;
  kind: string;
  lifetimes: ToastLifetimes;
}

const CLOSED: ToastLife = { count: 0, durationMs: 0, running: false, phase: 0 };

/**
 * One toast's content: the message, the repeat count "(x2)" and the progress bar of its timer
 * (toast-lifetimes.ts). Pointer and keyboard focus anywhere on the toast, close button included, hold it open.
 */
export function ToastBody({ messageKey, message, kind, lifetimes }: ToastBodyProps) {
  const life = useSyncExternalStore(
    (listener) => lifetimes.subscribe(messageKey, listener),
    () => lifetimes.life(messageKey) ?? CLOSED,
  );
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const toastElement = ref.current?.closest<HTMLElement>('.Toastify__toast');
    if (!toastElement) return;
    const hold = () => lifetimes.hold(messageKey);
    const release = (event: Event) => {
      const next = (event as FocusEvent).relatedTarget;
      if (event.type === 'focusout' && next instanceof Node && toastElement.contains(next)) return;
      lifetimes.release(messageKey);
    };
    toastElement.addEventListener('mouseenter', hold);
    toastElement.addEventListener('mouseleave', release);
    toastElement.addEventListener('focusin', hold);
    toastElement.addEventListener('focusout', release);
    return () => {
      toastElement.removeEventListener('mouseenter', hold);
      toastElement.removeEventListener('mouseleave', release);
      toastElement.removeEventListener('focusin', hold);
      toastElement.removeEventListener('focusout', release);
    };
  }, [lifetimes, messageKey]);

  const barClass = `Toastify__progress-bar-theme--light Toastify__progress-bar--${kind}`;
  return (
    <span ref={ref}>
      {message}
      {life.count > 1 ? (
        <>
          {' '}
          <strong className="toast-count">{`(x${life.count})`}</strong>
        </>
      ) : null}
      <span className="Toastify__progress-bar--wrp" aria-hidden="true">
        <span className={`Toastify__progress-bar--bg ${barClass}`} />
        <span
          key={life.phase}
          data-testid="toast-progress"
          className={`Toastify__progress-bar Toastify__progress-bar--animated ${barClass}`}
          style={{
            animationDuration: `${life.durationMs}ms`,
            animationPlayState: life.running ? 'running' : 'paused',
          }}
        />
      </span>
    </span>
  );
}
