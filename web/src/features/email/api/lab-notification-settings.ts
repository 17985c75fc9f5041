import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { emailTemplateKeys } from './query-keys';

/** Who hears of new orders at the lab. */
export const getLabNotificationSettings = () => callRoute('getLabNotificationSettings', {});
export const updateLabNotificationSettings = (input: RouteInput<'updateLabNotificationSettings'>) =>
  callRoute('updateLabNotificationSettings', input);

export const useLabNotificationSettings = () =>
  useQuery({ queryKey: emailTemplateKeys.labRecipients(), queryFn: getLabNotificationSettings });

export const useUpdateLabNotificationSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLabNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(emailTemplateKeys.labRecipients(), saved),
  });
};
