import type { AdminDashboard } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { FactList } from '../../../components/fact-list';
import styles from './orders-overview.module.css';

type OnTimeWindow = AdminDashboard['onTime']['last30'];

/**
 * One window of the on-time record in words: "94% on time · 47 of 50 shipped", or "No orders shipped" (a lab that
 * shipped nothing is not 0% on time). A share short of every order never reads 100%, nor one above none 0%.
 */
export function onTimeText({ shipped, onTime, rate }: OnTimeWindow): string {
  if (shipped === 0 || rate === null) return 'No orders shipped';
  const rounded = Math.round(rate * 100);
  const percent = onTime === shipped ? 100 : onTime === 0 ? 0 : Math.min(99, Math.max(1, rounded));
  return `${percent}% on time · ${onTime} of ${shipped} shipped`;
}

/** The lab's on-time record on the dashboard (getAdminDashboard onTime): the last 30 and 90 lab-local days. */
export function OnTimeRate({ onTime }: { onTime: AdminDashboard['onTime'] }) {
  return (
    <Card title="On-time shipping">
      <FactList
        className={styles.onTime}
        rows={[
          ['Last 30 days', onTimeText(onTime.last30)],
          ['Last 90 days', onTimeText(onTime.last90)],
        ]}
      />
      <p className={styles.muted}>Orders shipped by the ship-by day first promised; a delay does not move it.</p>
    </Card>
  );
}
