import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { orderApprovalKeys } from './query-keys';

export type ListOrdersInput = NonNullable<RouteInput<'listOrders'>>;

/** The approval queue (route listOrders): one status, oldest first, filtered by account, dates and search. */
export const listOrders = (input: ListOrdersInput) => callRoute('listOrders', input);

export const listOrdersQueryOptions = (input: ListOrdersInput) =>
  queryOptions({
    queryKey: orderApprovalKeys.list(input),
    queryFn: () => listOrders(input),
    placeholderData: keepPreviousData,
  });

/** `enabled` is false while a filter is malformed (its message shows beside the field instead). */
export const useOrderQueue = (input: ListOrdersInput, enabled = true) =>
  useQuery({ ...listOrdersQueryOptions(input), enabled });
