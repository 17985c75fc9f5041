import { pagePath, pagePaths } from '../../../../../core/page-paths';
import { Link } from 'react-router-dom';
import { ROLE_LABELS, type Role } from '../../../../../core/rules/auth-status';
import { ORDER_STATUS_LABELS, PLACED_STATUSES, type OrderStatus } from '../../../../../core/rules/order-lifecycle';
import type { AdminDashboard } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { OrderStatusBadge } from '../../orders';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadingLine } from '../../../components/ui/spinner';
import { dateTime, relativeTime } from '../../../lib/format-time';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { OnTimeRate } from './on-time-rate';
import { OrdersPerWeekChart } from './orders-per-week-chart';
import styles from './orders-overview.module.css';

// The queue opens on the submitted orders, so that filter needs no query.
const queueLink = (status: OrderStatus) =>
  pagePath('orderApproval', {}, { status: status === 'submitted' ? undefined : status });

const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

/** The lab's overview on /admin/home, from one getAdminDashboard call. */
export function OrdersOverviewView({ data }: { data: AdminDashboard }) {
  const oldest = data.oldestWaiting;
  return (
    <div className={styles.overview}>
      <Card title="Orders by status">
        <ul className={styles.counts}>
          {PLACED_STATUSES.map((status) => {
            const count = data.countsByStatus[status] ?? 0;
            return (
              <li key={status}>
                <Link className={styles.count} to={queueLink(status)}>
                  <span className={styles.number}>{count}</span>
                  <span className={styles.countLabel}>{ORDER_STATUS_LABELS[status]}</span>
                  <span className="visually-hidden">: open the {count === 1 ? 'order' : 'orders'} in the queue</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card title="Oldest waiting order">
        {oldest ? (
          <div className={styles.oldest}>
            <Link to={pagePaths.labOrder(oldest.orderId)} className={styles.oldestLink}>
              Order {oldest.orderNumber ?? oldest.orderId}
            </Link>
            <p className={styles.muted}>
              {oldest.patient} · account {oldest.accountNumber}
            </p>
            <p>
              <OrderStatusBadge status={oldest.status} />{' '}
              <span title={dateTime(oldest.statusAt)}>since {relativeTime(Date.parse(oldest.statusAt))}</span>
            </p>
          </div>
        ) : (
          <p className={styles.muted}>Nothing is waiting for the lab.</p>
        )}
      </Card>

      <OnTimeRate onTime={data.onTime} />

      <Card title="Orders per week" className={styles.wide}>
        <p className={styles.muted}>Orders submitted in each of the last 12 weeks (weeks start on Monday).</p>
        <OrdersPerWeekChart weeks={data.ordersPerWeek} />
      </Card>

      <Card title="Users active now" className={styles.wide}>
        {data.activeUsers.length === 0 ? (
          <p className={styles.muted}>Nobody else is using the portal right now.</p>
        ) : (
          <ul className={styles.users}>
            {[...data.activeUsers]
              .sort((a, b) => b.lastActivity - a.lastActivity)
              .map((user) => (
                <li key={user.userId} className={styles.user}>
                  <span className={styles.email}>{user.email}</span>
                  <Badge tone={user.status === 'active' ? 'success' : 'neutral'}>
                    {user.status === 'active' ? 'Active' : 'Idle'}
                  </Badge>
                  <span className={styles.muted}>{roleLabel(user.role)}</span>
                  <span className={styles.muted} title={dateTime(user.lastActivity)}>
                    {relativeTime(user.lastActivity)}
                  </span>
                </li>
              ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** Loads the overview; loading and failure show in its place, the shortcuts below stay usable. */
export function OrdersOverview() {
  const query = useAdminDashboard();
  if (query.isPending) return <LoadingLine className={styles.loading}>Loading the lab's overview…</LoadingLine>;
  if (query.isError)
    return (
      <Alert tone="error" title="The overview could not be loaded">
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const total = Object.values(query.data.countsByStatus).reduce((sum, n) => sum + (n ?? 0), 0);
  if (total === 0 && query.data.activeUsers.length === 0)
    return (
      <EmptyState title="No orders yet">
        Orders practices submit are counted here, with the oldest waiting one and a weekly chart.
      </EmptyState>
    );
  return <OrdersOverviewView data={query.data} />;
}
