import { OrderAttachments } from '../../../features/attachments';
import { OrderFormPage } from '../../../features/orders/components/order-form-page';

/** /customer/order: the Order Form for the account chosen in the sidebar, with its files. */
export default function Page() {
  return (
    <OrderFormPage
      renderAttachments={({ orderId, onChange }) => <OrderAttachments orderId={orderId} editable onChange={onChange} />}
    />
  );
}
