import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { buyingGroupKeys } from './query-keys';

/** The buying groups a practice may belong to (route listBuyingGroups, spec 7 GET customer/buyinggroups). */
export const listBuyingGroups = () => callRoute('listBuyingGroups', {});

/** A reference list that rarely changes: kept for 10 minutes. */
export const listBuyingGroupsQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: buyingGroupKeys.all, queryFn: listBuyingGroups, staleTime: 10 * 60_000, enabled });

export const useBuyingGroups = (enabled = true) => useQuery(listBuyingGroupsQueryOptions(enabled));

/** The display name of a buying group id, the id itself when the list does not (yet) know it. */
export const buyingGroupNamer =
  (groups: readonly { buyingGroupId: string; name: string }[] | undefined) => (buyingGroupId: string) =>
    groups?.find((group) => group.buyingGroupId === buyingGroupId)?.name ?? buyingGroupId;
