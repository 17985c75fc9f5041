import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { isCallableError } from '../../../lib/callable-error';
import { useSession } from '../../../lib/session-context';
import {
  discardOrderDraft,
  getOrder,
  orderKeys,
  saveOrderDraft,
  submitOrder,
  useOrder,
  useOrderLensDesigns,
} from '../api/order-queries';
import { fromOrderDraft, fromPastOrder } from '../model/order-form-values';
import type { OrderFormApi } from './order-form-api';
import { OrderForm, type OrderFormProps } from './order-form';

const baseApi: OrderFormApi = {
  saveDraft: saveOrderDraft,
  loadOrder: async (orderId) => {
    try {
      return await getOrder(orderId);
    } catch (error) {
      if (isCallableError(error) && error.status === 'not-found') return null;
      throw error;
    }
  },
  discardDraft: discardOrderDraft,
  submit: submitOrder,
};

/**
 * /customer/order for the account chosen in the sidebar. `?from=<orderId>&kind=reorder|warranty` prefills
 * from a past order; `?draft=<orderId>` opens a draft saved on the server (from the orders list).
 */
export function OrderFormPage({ renderAttachments }: { renderAttachments?: OrderFormProps['renderAttachments'] }) {
  const session = useSession();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // A submitted or discarded order changes the dashboard's lists, which would otherwise show the cached ones.
  const api = useMemo<OrderFormApi>(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    return {
      ...baseApi,
      submit: async (input) => {
        const order = await baseApi.submit(input);
        refresh();
        return order;
      },
      discardDraft: async (orderId) => {
        const result = await baseApi.discardDraft(orderId);
        refresh();
        return result;
      },
    };
  }, [queryClient]);
  const info = session.customer.info;
  const account = session.customer.selectedAccount ?? info?.accountNumber ?? null;
  const designs = useOrderLensDesigns(account);
  const from = params.get('from');
  const kind = params.get('kind') === 'warranty' ? 'warranty' : 'reorder';
  const draftId = params.get('draft');
  const source = useOrder(from ?? draftId);
  const start = useMemo(() => {
    if (!source.data) return undefined;
    if (from)
      return {
        orderId: crypto.randomUUID(),
        values: fromPastOrder(source.data, { kind, ofOrderId: from }),
        version: null,
      };
    if (source.data.status === 'draft' && source.data.draft)
      return {
        orderId: source.data.orderId,
        values: fromOrderDraft(source.data.draft, info?.shippingAddress),
        version: source.data.version,
      };
    return undefined;
  }, [source.data, from, kind, info?.shippingAddress]);

  let body: ReactNode;
  if (
    !info ||
    !account ||
    !session.user ||
    session.customer.switching ||
    designs.isPending ||
    ((from || draftId) && source.isPending)
  )
    body = (
      <p>
        <Spinner size={16} /> Loading the order form…
      </p>
    );
  else if (designs.isError)
    body = <Alert tone="error">The lens catalogue could not be loaded. Reload the page to try again.</Alert>;
  else if ((from || draftId) && source.isError)
    body = <Alert tone="error">That order could not be opened. It may belong to another account.</Alert>;
  else
    body = (
      <OrderForm
        key={`${account}:${start?.orderId ?? 'local'}`}
        userId={session.user.userId}
        account={{ accountNumber: account, pricingAllowed: info.pricingAllowed, shippingAddress: info.shippingAddress }}
        designs={designs.data.items}
        api={api}
        start={start}
        original={from ? source.data : undefined}
        renderAttachments={renderAttachments}
      />
    );

  return (
    <>
      <PageHeader
        title="Order Form"
        description={
          account ? `Custom lenses for one patient, ordered on account ${account}.` : 'Custom lenses for one patient.'
        }
      />
      {body}
    </>
  );
}
