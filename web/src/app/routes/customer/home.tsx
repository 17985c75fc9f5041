import { CustomerDashboard } from '../../../features/customer/components/customer-dashboard';
import { AccountOrders, ReorderList } from '../../../features/orders';
import { useSession } from '../../../lib/session-context';

/** /customer/home: the customer dashboard for the selected account, with its orders. */
export default function CustomerHomeRoute() {
  const session = useSession();
  const account = session.customer.selectedAccount ?? session.customer.info?.accountNumber ?? null;
  const userId = session.user?.userId ?? null;
  return (
    <CustomerDashboard
      firstName={session.profile?.firstName ?? ''}
      info={session.customer.info}
      loading={session.customer.switching}
      orders={account && userId ? <AccountOrders key={account} account={account} userId={userId} /> : undefined}
      reorder={account ? <ReorderList key={account} account={account} /> : undefined}
    />
  );
}
