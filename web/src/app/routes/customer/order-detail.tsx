import { ComingLaterPage } from '../../../components/coming-later-page';

/** /customer/orders/:orderId: an order's detail and timeline. */
export default function Page() {
  return (
    <ComingLaterPage title="Order" description="An order and its timeline." emptyTitle="Loading">
      One moment.
    </ComingLaterPage>
  );
}
