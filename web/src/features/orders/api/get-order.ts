import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { orderApprovalKeys } from './query-keys';

/** One order with its lines, history and version (route getOrder). */
export const getOrder = (orderId: string) => callRoute('getOrder', { orderId });

export const getOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderApprovalKeys.detail(orderId), queryFn: () => getOrder(orderId) });

/** `enabled` is false for an id that cannot be an order's (a mistyped link): nothing is asked. */
export const useOrder = (orderId: string, enabled = true) => useQuery({ ...getOrderQueryOptions(orderId), enabled });
