import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { emailTemplateKeys } from './query-keys';

/** Saves a template with the version read: a 409 means someone saved it since. */
export const updateEmailTemplate = (input: RouteInput<'updateEmailTemplate'>) =>
  callRoute('updateEmailTemplate', input);

export const useUpdateEmailTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.list() }),
  });
};
