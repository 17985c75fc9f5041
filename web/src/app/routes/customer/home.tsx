import { useQueryClient } from '@tanstack/react-query';
import { loadedCustomerInfo, CustomerDashboard } from '../../../features/customers';
import { AccountOrders, ReorderList } from '../../../features/orders';
import { useAccountInView, useSession } from '../../../lib/session-context';

/** /customer/home: the customer dashboard for the selected account, with its orders. */
export default function CustomerHomeRoute() {
  const session = useSession();
  const account = useAccountInView();
  const userId = session.user?.userId ?? null;
  const queryClient = useQueryClient();
  return (
    <CustomerDashboard
      firstName={session.profile?.firstName ?? ''}
      info={session.customer.info}
      loading={session.customer.switching}
      orders={
        account && userId ? (
          <AccountOrders
            key={account}
            account={account}
            userId={userId}
            firstPage={loadedCustomerInfo(queryClient, userId, account)}
          />
        ) : undefined
      }
      reorder={account ? <ReorderList key={account} account={account} /> : undefined}
    />
  );
}
