import { Link } from 'react-router-dom';
import { pagePaths } from '../../../../../../core/page-paths';
import type { Order } from '../../../../../../core/schemas/orders';
import formStyles from '../../../../components/form-layout.module.css';
import { Button } from '../../../../components/ui/button';
import styles from '../order-form.module.css';

/** After the order is sent: its number, a link to it, and a fresh form. */
export function OrderSubmitted({ order, onStartNew }: { order: Order; onStartNew: () => void }) {
  return (
    <section className={styles.success} aria-labelledby="order-submitted-title" tabIndex={-1}>
      <h2 id="order-submitted-title">Order {order.orderNumber} submitted</h2>
      <p>The lab has your order for {order.patient}. You will get an email when its status changes.</p>
      <div className={formStyles.actions}>
        <Link className={styles.linkButton} to={pagePaths.order(order.orderId)}>
          View order {order.orderNumber}
        </Link>
        <Button variant="secondary" onClick={onStartNew}>
          Start a new order
        </Button>
      </div>
    </section>
  );
}
