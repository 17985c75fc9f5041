import { PageHeader } from '../../../components/page-header';
import { HeldAccounts } from '../../../features/credit-hold';
import { OrderQueue } from '../../../features/orders';

/** /admin/order-approval (spec 2 admin menu): the lab's queue of orders. */
export default function OrderApprovalRoute() {
  return (
    <>
      <PageHeader
        title="Order Approval"
        description="Orders waiting for the lab, oldest first. Open one to approve, hold, reject or close it."
      />
      <HeldAccounts />
      <OrderQueue />
    </>
  );
}
