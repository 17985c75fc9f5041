import { lazy, Suspense } from 'react';
import { LoadingLine } from '../../../components/ui/spinner';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { firstPaint } from '../../../lib/first-paint-hold';
import { useAccountInView } from '../../../lib/session-context';
import { useOrder, useOrderLensDesigns } from '../api/order-queries';
import type { OrderFormProps } from './order-form';

/**
 * The form's code (its checks bring zod and the order schemas) loads once the page's first render has
 * painted, beside the form's data: a returning user's page shows its header from the session kept at the last
 * visit, and the form needs the lens catalogue's answer first anyway (lib/first-paint-hold.ts).
 */
const OrderFormBody = lazy(() => firstPaint().then(() => import('./order-form-body')));

/** /customer/order: the Order Form for the account chosen in the sidebar (order-form-body.tsx). */
export function OrderFormPage({ renderAttachments }: { renderAttachments?: OrderFormProps['renderAttachments'] }) {
  const [params] = useSearchParams();
  const account = useAccountInView();
  // The form's data is asked for with the page, beside its code, not once that code has loaded (the form's own
  // queries then find the same answers).
  useOrderLensDesigns(account);
  useOrder(params.get('from') ?? params.get('draft'));
  return (
    <>
      <PageHeader
        title="Order Form"
        description={
          account ? `Custom lenses for one patient, ordered on account ${account}.` : 'Custom lenses for one patient.'
        }
      />
      <Suspense fallback={<LoadingLine>Loading the order form…</LoadingLine>}>
        <OrderFormBody account={account} renderAttachments={renderAttachments} />
      </Suspense>
    </>
  );
}
