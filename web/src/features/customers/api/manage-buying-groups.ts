import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { buyingGroupKeys } from './query-keys';

/** Super admins keep the buying group list (routes createBuyingGroup, updateBuyingGroup). */
export const createBuyingGroup = (input: RouteInput<'createBuyingGroup'>) => callRoute('createBuyingGroup', input);
export const updateBuyingGroup = (input: RouteInput<'updateBuyingGroup'>) => callRoute('updateBuyingGroup', input);

/** Either change refreshes the one list every form reads. */
export function useManageBuyingGroups() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: buyingGroupKeys.all });
  return {
    create: useMutation({ mutationFn: createBuyingGroup, onSuccess: refresh }),
    update: useMutation({ mutationFn: updateBuyingGroup, onSuccess: refresh }),
    refresh,
  };
}
