import { PAGE_PATHS } from '../../../../../core/page-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerInfo } from '../../../../../core/schemas/customers/customer-info';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { LoadingLine } from '../../../components/ui/spinner';
import styles from './customer-dashboard.module.css';

function formatAddress(address: CustomerInfo['shippingAddress']): string[] {
  const street = [address.address, address.apt].filter(Boolean).join(', ');
  const city = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, city, address.country ?? ''].filter(Boolean);
}

/**
 * The customer's home: who they are ordering as (the selected account), quick actions, and the account's
 * orders (`orders`, given by the route from the orders feature; features do not import each other).
 */
export function CustomerDashboard({
  firstName,
  info,
  loading,
  orders,
  reorder,
  notice,
  allows = { orders: true, money: true },
}: {
  /** What the user's roles in this practice allow: the orders (they name patients) and the money pages. */
  allows?: { orders: boolean; money: boolean };
  firstName: string;
  info: CustomerInfo | null;
  loading: boolean;
  orders?: ReactNode;
  /** Shipped orders to reorder from (the "Reorder" quick action leads here). */
  reorder?: ReactNode;
  /** Something the practice must know first (the account's credit hold), under the header. */
  notice?: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}
        actions={
          <>
            {allows.orders ? (
              <Link className={styles.primaryAction} to={PAGE_PATHS.customerOrder}>
                New order
              </Link>
            ) : null}
            {reorder && allows.orders ? (
              <a className={styles.primaryAction} href="#reorder">
                Reorder
              </a>
            ) : null}
          </>
        }
      />
      {notice}
      <div className={styles.grid} aria-busy={loading || undefined}>
        <Card title="Account">
          {info ? (
            <dl className={styles.facts}>
              <div>
                <dt>Practice</dt>
                <dd>{info.company || 'Not on file'}</dd>
              </div>
              <div>
                <dt>Account number</dt>
                <dd>{info.accountNumber}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{info.phone || 'Not on file'}</dd>
              </div>
              <div>
                <dt>Pricing</dt>
                <dd>{info.pricingAllowed ? 'Prices are shown for this account' : 'Prices on request'}</dd>
              </div>
            </dl>
          ) : (
            <LoadingLine className={styles.loading}>Loading account…</LoadingLine>
          )}
        </Card>
        <Card title="Shipping address">
          {info ? (
            <address className={styles.address}>
              {formatAddress(info.shippingAddress).map((line) => (
                <span key={line}>{line}</span>
              ))}
              {formatAddress(info.shippingAddress).length === 0 ? <span>Not on file</span> : null}
            </address>
          ) : null}
        </Card>
        <Card title="Quick links">
          <ul className={styles.links}>
            {allows.orders ? (
              <li>
                <Link to={PAGE_PATHS.customerOrder}>Order Form</Link>
              </li>
            ) : null}
            {allows.money ? (
              <>
                <li>
                  <Link to={PAGE_PATHS.customerPayment}>Pay Online</Link>
                </li>
                <li>
                  <Link to={PAGE_PATHS.customerCredit}>Lens Credit</Link>
                </li>
              </>
            ) : null}
            <li>
              <Link to={PAGE_PATHS.customerProfile}>Profile</Link>
            </li>
          </ul>
        </Card>
      </div>
      {!allows.orders
        ? null
        : (orders ?? (
            <Card title="Recent orders" className={styles.orders}>
              {info && info.orders.length > 0 ? (
                <p>{info.total} orders</p>
              ) : (
                <EmptyState title="No orders yet">
                  Orders placed for account {info?.accountNumber ?? ''} will be listed here with their status.
                </EmptyState>
              )}
            </Card>
          ))}
      {reorder && allows.orders ? (
        <div id="reorder" className={styles.reorder}>
          <Card title="Reorder from a shipped order">{reorder}</Card>
        </div>
      ) : null}
    </>
  );
}
