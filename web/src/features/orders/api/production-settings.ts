import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { productionSettingsQueryOptions } from './order-queries';
import { orderKeys } from './query-keys';

/**
 * Production Settings (super admins): read with getProductionSettings, saved with updateProductionSettings. A
 * save puts the stored settings under the key the order form and the order pages read, so this browser counts
 * promises and names stages with them at once.
 */

/** Always read afresh on the settings page: editing stale settings would only end in a conflict. */
export const useProductionSettingsToEdit = () => useQuery({ ...productionSettingsQueryOptions(), staleTime: 0 });

export const updateProductionSettings = (input: RouteInput<'updateProductionSettings'>) =>
  callRoute('updateProductionSettings', input);

export function useUpdateProductionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProductionSettings,
    // The saved version at once: the form re-keys on it and starts from the stored (tidied) list.
    onSuccess: (saved) => queryClient.setQueryData(orderKeys.productionSettings(), saved),
  });
}
