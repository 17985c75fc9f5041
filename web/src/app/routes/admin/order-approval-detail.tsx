import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { adminDashboardKeys } from '../../../features/admin';
import { OrderAttachments } from '../../../features/attachments';
import { OrderReview } from '../../../features/orders';

/**
 * /admin/order-approval/:orderId: one order with the lab's actions. The page composes the attachments
 * feature into the review and refreshes the dashboard's counts after an action.
 */
export default function OrderApprovalDetailRoute() {
  const { orderId = '' } = useParams();
  const queryClient = useQueryClient();
  return (
    <OrderReview
      key={orderId}
      orderId={orderId}
      Attachments={OrderAttachments}
      onChanged={() => void queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all })}
    />
  );
}
