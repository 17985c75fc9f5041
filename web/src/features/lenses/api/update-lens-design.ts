import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { lensKeys } from './query-keys';

/** Changes a design (route updateLensDesign) with the version read: a 409 means someone changed it since. */
export const updateLensDesign = (input: RouteInput<'updateLensDesign'>) => callRoute('updateLensDesign', input);

export const useUpdateLensDesign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLensDesign,
    // A 409 also refreshes the list, so "Reload" shows the version that won.
    onSettled: () => queryClient.invalidateQueries({ queryKey: lensKeys.all }),
  });
};
