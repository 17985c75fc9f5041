import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { attachmentKeys } from './attachment-query-keys';

/** The order's files (route listOrderFiles, spec 3 "File listing entry"). */
export const listOrderFiles = async (orderId: string) => (await callRoute('listOrderFiles', { orderId })).files;

export const orderFilesQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: attachmentKeys.list(orderId), queryFn: () => listOrderFiles(orderId) });

export const useOrderFiles = (orderId: string) => useQuery(orderFilesQueryOptions(orderId));
