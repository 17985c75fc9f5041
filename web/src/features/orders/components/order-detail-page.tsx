import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { PAGE_PATHS } from '../../../../../core/page-paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { isCallableError } from '../../../lib/callable-error';
import { LoadingLine } from '../../../components/ui/spinner';
import { cancelOrder, reportParcelProblem, resubmitOrder, useOrder, useProductionSettings } from '../api/order-queries';
import { hasProductionFacts } from './order-production';
import { orderKeys } from '../api/query-keys';
import { OrderDetail, type OrderDetailProps } from './order-detail';

/** /customer/orders/:orderId: loads the order and refreshes lists after a change. */
export function OrderDetailPage({ renderAttachments }: { renderAttachments?: OrderDetailProps['renderAttachments'] }) {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const queryClient = useQueryClient();
  const settings = useProductionSettings(order.data !== undefined && hasProductionFacts(order.data));
  const after = async <T,>(result: Promise<T>) => {
    const value = await result;
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    return value;
  };
  if (order.isPending)
    return (
      <>
        <PageHeader title="Order" />
        <LoadingLine>Loading the order…</LoadingLine>
      </>
    );
  if (order.isError)
    return (
      <>
        <PageHeader title="Order" />
        {isCallableError(order.error) && order.error.status === 'not-found' ? (
          // An old email link, a discarded draft or another account's order: the session stays (api-response-rules).
          <EmptyState title="Order not found">
            This order does not exist or belongs to an account you are not linked to.{' '}
            <Link to={PAGE_PATHS.customerHome}>Back to the dashboard</Link>
          </EmptyState>
        ) : (
          <LoadFailed title="The order could not be loaded." onRetry={() => void order.refetch()} />
        )}
      </>
    );
  return (
    <OrderDetail
      order={order.data}
      onCancel={(input) => after(cancelOrder(input))}
      onResubmit={(input) => after(resubmitOrder(input))}
      onReload={() => void order.refetch()}
      onReportParcel={(input) => after(reportParcelProblem(input))}
      onRefetch={() => order.refetch()}
      renderAttachments={renderAttachments}
      settings={settings.data}
    />
  );
}
