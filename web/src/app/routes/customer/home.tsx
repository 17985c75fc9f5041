import { CustomerDashboard } from '../../../features/customer/components/customer-dashboard';
import { useSession } from '../../../lib/session-context';

/** /customer/home: the customer dashboard for the selected account. */
export default function CustomerHomeRoute() {
  const session = useSession();
  return (
    <CustomerDashboard
      firstName={session.profile?.firstName ?? ''}
      info={session.customer.info}
      loading={session.customer.switching}
    />
  );
}
