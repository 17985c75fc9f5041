import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { lensKeys } from './query-keys';

/** A new lens design (route createLensDesign); the server makes its id. */
export const createLensDesign = (input: RouteInput<'createLensDesign'>) => callRoute('createLensDesign', input);

export const useCreateLensDesign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLensDesign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lensKeys.all }),
  });
};
