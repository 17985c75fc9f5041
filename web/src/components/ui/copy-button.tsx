import { useEffect, useRef, useState } from 'react';
import { UI } from '../../../../core/constants';
import { logWarning } from '../../lib/logger';
import styles from './copy-button.module.css';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and non-secure origins: the selection fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

const COPY =
  'M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z';
const CHECK = 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2z';

/** Copies `text`; the button says "Copied!" for 3 s afterwards (spec 2, 9). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await writeClipboard(text);
    } catch (error) {
      logWarning('Copy to clipboard failed', error);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), UI.copyConfirmationMs);
  }

  return (
    <span className={styles.wrap}>
      <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={copied ? 'Copied!' : label}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d={copied ? CHECK : COPY} />
        </svg>
      </button>
      {/* The confirmation floats beside the button, so the account dropdown keeps its width. */}
      <span className={copied ? styles.bubble : 'visually-hidden'} role="status">
        {copied ? 'Copied!' : ''}
      </span>
    </span>
  );
}
