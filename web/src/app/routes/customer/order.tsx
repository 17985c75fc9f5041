import { lazy, Suspense } from 'react';
import { LoadingLine } from '../../../components/ui/spinner';
import { OrderFormPage } from '../../../features/orders/components/order-form-page';

/** Loaded with the form, not before the page's first paint (its upload checks bring zod). */
const OrderAttachments = lazy(() =>
  import('../../../features/attachments/components/order-attachments').then((m) => ({ default: m.OrderAttachments })),
);

/** /customer/order: the Order Form for the account chosen in the sidebar, with its files. */
export default function Page() {
  return (
    <OrderFormPage
      renderAttachments={({ orderId, onChange }) => (
        <Suspense fallback={<LoadingLine>Loading the files…</LoadingLine>}>
          <OrderAttachments orderId={orderId} editable onChange={onChange} />
        </Suspense>
      )}
    />
  );
}
