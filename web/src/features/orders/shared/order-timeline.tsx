import { ORDER_STATUS_LABELS } from '../../../../../core/rules/order-lifecycle';
import type { OrderHistoryEntry } from '../../../../../core/schemas/orders';
import { dateTime } from '../../../lib/format-time';
import styles from './order-timeline.module.css';

/**
 * An order's history, newest first: when, who (and whether practice or lab), the status change and the
 * note (a hold message, an answer, a reason). An ordered list so screen readers announce the count and
 * position; each time is a <time> with its machine-readable value.
 */
export function OrderTimeline({ history }: { history: readonly OrderHistoryEntry[] }) {
  if (history.length === 0) return <p className={styles.empty}>No changes recorded yet.</p>;
  const entries = [...history].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <ol className={styles.timeline} aria-label="Order history, newest first">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className={styles.entry}>
          <div className={styles.meta}>
            <time dateTime={entry.at}>{dateTime(entry.at)}</time>
            <span>
              {entry.by.name} ({entry.by.actor === 'lab' ? 'lab' : 'practice'})
            </span>
          </div>
          <p className={styles.change}>
            {entry.from ? (
              <>
                {ORDER_STATUS_LABELS[entry.from]} <span aria-hidden="true">→</span>
                <span className="visually-hidden"> to </span> {ORDER_STATUS_LABELS[entry.to]}
              </>
            ) : (
              <>{ORDER_STATUS_LABELS[entry.to]}</>
            )}
          </p>
          {entry.note && <p className={styles.note}>{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}
