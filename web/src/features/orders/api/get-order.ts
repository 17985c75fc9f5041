import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrder } from './order-queries';
import { orderApprovalKeys } from './query-keys';

export const getOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderApprovalKeys.detail(orderId), queryFn: () => getOrder(orderId) });

/** `enabled` is false for an id that cannot be an order's (a mistyped link): nothing is asked. */
export const useOrder = (orderId: string, enabled = true) => useQuery({ ...getOrderQueryOptions(orderId), enabled });
