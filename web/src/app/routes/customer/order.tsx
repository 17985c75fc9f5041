import { Suspense } from 'react';
import { LoadingLine } from '../../../components/ui/spinner';
import { LazyOrderAttachments as OrderAttachments } from '../../../features/attachments';
import { OrderFormPage } from '../../../features/orders';

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
