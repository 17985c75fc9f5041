/** The super admins' outgoing webhooks: endpoints, their delivery logs, redelivery and rotation. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { webhookKeys } from './query-keys';

export const useWebhookEndpoints = () =>
  useQuery({ queryKey: webhookKeys.list(), queryFn: () => callRoute('listWebhookEndpoints', {}) });

export const useWebhookDeliveries = (endpointId: string | null, cursor: string | null) =>
  useQuery({
    queryKey: webhookKeys.deliveries(endpointId ?? '', cursor),
    queryFn: () => callRoute('listWebhookDeliveries', { endpointId: endpointId!, ...(cursor ? { cursor } : {}) }),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
  });

/** Every change reloads the list (and the log): a handful of endpoints, read again in one call. */
function useWebhookMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhookEndpoint = () =>
  useWebhookMutation((input: RouteInput<'createWebhookEndpoint'>) => callRoute('createWebhookEndpoint', input));
export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation((input: RouteInput<'updateWebhookEndpoint'>) => callRoute('updateWebhookEndpoint', input));
export const useRotateWebhookSecret = () =>
  useWebhookMutation((input: RouteInput<'rotateWebhookSecret'>) => callRoute('rotateWebhookSecret', input));
export const useDeleteWebhookEndpoint = () =>
  useWebhookMutation((input: RouteInput<'deleteWebhookEndpoint'>) => callRoute('deleteWebhookEndpoint', input));
export const useRedeliverWebhook = () =>
  useWebhookMutation((input: RouteInput<'redeliverWebhook'>) => callRoute('redeliverWebhook', input));
