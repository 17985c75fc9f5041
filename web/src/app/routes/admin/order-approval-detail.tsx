import { ComingLaterPage } from '../../../components/coming-later-page';

/** /admin/order-approval/:orderId: one order with the lab's actions. */
export default function Page() {
  return (
    <ComingLaterPage title="Order Approval" description="One order." emptyTitle="Loading">
      One moment.
    </ComingLaterPage>
  );
}
