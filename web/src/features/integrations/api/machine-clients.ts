import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { machineClientKeys } from './query-keys';

export const useMachineClients = () =>
  useQuery({ queryKey: machineClientKeys.all, queryFn: () => callRoute('listMachineClients', {}) });

export const useCreateMachineClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'createMachineClient'>) => callRoute('createMachineClient', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineClientKeys.all }),
  });
};

export const useDeleteMachineClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => callRoute('deleteMachineClient', { clientId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: machineClientKeys.all }),
  });
};
