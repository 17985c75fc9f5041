import type { OrderFormState } from './use-order-form';
import styles from '../order-form.module.css';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Whether the draft is saved on the server, announced politely as it changes. */
export function DraftStatus({ save }: { save: OrderFormState['draftState']['save'] }) {
  return (
    <div className={styles.status} aria-live="polite">
      {save.kind === 'saving' ? 'Saving…' : null}
      {save.kind === 'saved' ? `Draft saved ${timeOf(save.at)}` : null}
      {save.kind === 'error' ? `Draft not saved on the server: ${save.message}. It is kept in this browser.` : null}
    </div>
  );
}
