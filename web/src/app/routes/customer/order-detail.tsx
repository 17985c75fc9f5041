import { OrderAttachments } from '../../../features/attachments';
import { OrderDetailPage } from '../../../features/orders';

/** /customer/orders/:orderId: an order's detail, files and timeline. */
export default function Page() {
  return (
    <OrderDetailPage
      renderAttachments={({ orderId, editable }) => <OrderAttachments orderId={orderId} editable={editable} />}
    />
  );
}
