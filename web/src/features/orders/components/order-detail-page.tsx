import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { cancelOrder, orderKeys, resubmitOrder, useOrder } from '../api/order-queries';
import { OrderDetail, type OrderDetailProps } from './order-detail';

/** /customer/orders/:orderId: loads the order and refreshes lists after a change. */
export function OrderDetailPage({ renderAttachments }: { renderAttachments?: OrderDetailProps['renderAttachments'] }) {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const queryClient = useQueryClient();
  const after = async <T,>(result: Promise<T>) => {
    const value = await result;
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    return value;
  };
  if (order.isPending)
    return (
      <>
        <PageHeader title="Order" />
        <p>
          <Spinner size={16} /> Loading the order…
        </p>
      </>
    );
  if (order.isError)
    return (
      <>
        <PageHeader title="Order" />
        <Alert tone="error">This order could not be found for your accounts.</Alert>
      </>
    );
  return (
    <OrderDetail
      order={order.data}
      onCancel={(input) => after(cancelOrder(input))}
      onResubmit={(input) => after(resubmitOrder(input))}
      onReload={() => void order.refetch()}
      renderAttachments={renderAttachments}
    />
  );
}
