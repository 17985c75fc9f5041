import { useQueryClient } from '@tanstack/react-query';
import { loadedCustomerInfo, CustomerDashboard } from '../../../features/customers';
import { CreditHoldNoticeSlot } from '../../../features/credit-hold';
import { AccountOrders, ReorderList } from '../../../features/orders';
import { useAccountInView, usePracticeRoles, useSession } from '../../../lib/session-context';
import { permits } from '../../../../../core/rules/practice-roles';

/** /customer/home: the customer dashboard for the selected account, with its orders. */
export default function CustomerHomeRoute() {
  const session = useSession();
  const account = useAccountInView();
  const userId = session.user?.userId ?? null;
  const queryClient = useQueryClient();
  const roles = usePracticeRoles();
  const allows = {
    orders: !roles || permits(roles, 'orders'),
    money: !roles || permits(roles, 'money'),
  };
  return (
    <CustomerDashboard
      allows={allows}
      firstName={session.profile?.firstName ?? ''}
      info={session.customer.info}
      loading={session.customer.switching}
      orders={
        account && userId && allows.orders ? (
          <AccountOrders
            key={account}
            account={account}
            userId={userId}
            firstPage={loadedCustomerInfo(queryClient, userId, account)}
          />
        ) : undefined
      }
      reorder={account && allows.orders ? <ReorderList key={account} account={account} /> : undefined}
      notice={account ? <CreditHoldNoticeSlot key={account} accountNumber={account} /> : undefined}
    />
  );
}
