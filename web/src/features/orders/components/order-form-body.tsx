import { pagePaths } from '../../../../../core/page-paths';
import { LoadingLine } from '../../../components/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { consultIdSchema } from '../../../../../core/schemas/consults/consult-id';
import { linesInWarranty } from '../../../../../core/rules/warranty';
import { EYE_LABELS } from '../../../../../core/schemas/orders';
import { Alert } from '../../../components/ui/alert';
import { isCallableError } from '../../../lib/callable-error';
import { useSession } from '../../../lib/session-context';
import {
  discardOrderDraft,
  getOrder,
  saveOrderDraft,
  submitOrder,
  useConsultToOrder,
  useOrder,
  useOrderLensDesigns,
  useProductionSettings,
} from '../api/order-queries';
import { orderKeys } from '../api/query-keys';
import { fromConsultAnswer } from '../model/order-from-consult';
import { fromOrderDraft, fromPastOrder, type OrderFormOriginal } from '../model/order-form-values';
import type { DraftStart } from '../hooks/use-order-draft';
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
 * Where the consult views keep their queries (the root of consults/api/query-keys.ts), written here because
 * consults reaches this feature's lens fields through its index: importing back would make a cycle.
 */
const CONSULT_QUERIES = ['consults'] as const;

/**
 * The order form of /customer/order for the account chosen in the sidebar (order-form-page.tsx is the page
 * around it). `?from=<orderId>&kind=reorder|warranty` prefills from a past order; `?draft=<orderId>` opens a
 * draft saved on the server (from the orders list); `?consult=<consultId>` ("Order this") opens the lab's
 * answer to a consult (order-from-consult.ts). `account` is the page's (order-form-page.tsx).
 */
export default function OrderFormBody({
  account,
  renderAttachments,
}: {
  account: string | null;
  renderAttachments?: OrderFormProps['renderAttachments'];
}) {
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
        // The order marked its consult ordered: the consult's page and list show it at once.
        if (input.order.consultId) void queryClient.invalidateQueries({ queryKey: CONSULT_QUERIES });
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
  const designs = useOrderLensDesigns(account);
  const production = useProductionSettings();
  const from = params.get('from');
  const kind = params.get('kind') === 'warranty' ? 'warranty' : 'reorder';
  const draftId = params.get('draft');
  const consultParam = from || draftId ? null : params.get('consult');
  const consultId = consultParam && consultIdSchema.safeParse(consultParam).success ? consultParam : null;
  const consult = useConsultToOrder(consultId);
  const consultSourceId = consult.data?.currentLens.fromOrderId ?? null;
  const source = useOrder(from ?? draftId ?? consultSourceId);
  // "Order this": waits for the order the lens came from; one that cannot be read leaves a new order.
  const fromConsult = useMemo(() => {
    if (!consult.data || (consultSourceId && source.isPending)) return undefined;
    return fromConsultAnswer(consult.data, {
      sourceOrder: consultSourceId ? (source.data ?? null) : null,
      now: new Date(),
      shippingAddress: info?.shippingAddress,
    });
  }, [consult.data, consultSourceId, source.data, source.isPending, info?.shippingAddress]);
  const start = useMemo((): DraftStart | undefined => {
    if (fromConsult) return { orderId: crypto.randomUUID(), values: fromConsult.values, version: null };
    if (!source.data || consultId) return undefined;
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
  }, [fromConsult, source.data, consultId, from, kind, info?.shippingAddress]);
  const original: OrderFormOriginal | undefined = from ? source.data : fromConsult?.original;
  const pastWarrantyEyes = useMemo(() => {
    if (!from || kind !== 'warranty' || !source.data) return [];
    const covered = linesInWarranty(source.data, new Date());
    return source.data.lines.filter((line) => !covered.includes(line)).map((line) => line.eye);
  }, [from, kind, source.data]);

  let body: ReactNode;
  if (
    !info ||
    !account ||
    !session.user ||
    session.customer.switching ||
    designs.isPending ||
    ((from || draftId) && source.isPending) ||
    (consultId && (consult.isPending || (consultSourceId && source.isPending)))
  )
    body = <LoadingLine>Loading the order form…</LoadingLine>;
  else if (designs.isError)
    body = <Alert tone="error">The lens catalog could not be loaded. Reload the page to try again.</Alert>;
  else if ((from || draftId) && source.isError)
    body = <Alert tone="error">That order could not be opened. It may belong to another account.</Alert>;
  else if (consultParam && (!consultId || consult.isError))
    body = <Alert tone="error">That consult could not be opened. It may belong to another account.</Alert>;
  else if (consult.data && consult.data.accountNumber !== account)
    body = (
      <Alert
        tone="warning"
        title={`Consult ${consult.data.reference} is for account ${consult.data.accountNumber ?? ''}`}
      >
        Choose that account in the sidebar to order the lab&apos;s answer.
      </Alert>
    );
  else if (consult.data && !fromConsult)
    body = (
      <Alert tone="info" title={`Consult ${consult.data.reference} has no answer yet`}>
        The lab&apos;s proposal can be ordered once it has answered.{' '}
        <Link to={pagePaths.consult(consult.data.consultId)}>Back to the consult</Link>
      </Alert>
    );
  else
    body = (
      <>
        {consult.data ? (
          <Alert tone="info">
            The lab&apos;s answer to consult {consult.data.reference} is filled in for {EYE_LABELS[consult.data.eye]}.
            Parameters that differ from the lens the consult was about are marked.
          </Alert>
        ) : null}
        <OrderForm
          key={`${account}:${start?.orderId ?? 'local'}`}
          userId={session.user.userId}
          account={{
            accountNumber: account,
            pricingAllowed: info.pricingAllowed,
            shippingAddress: info.shippingAddress,
          }}
          designs={designs.data.items}
          api={api}
          start={start}
          original={original}
          renderAttachments={renderAttachments}
          pastWarrantyEyes={pastWarrantyEyes}
          productionSettings={production.isError ? null : production.data}
        />
      </>
    );

  return body;
}
