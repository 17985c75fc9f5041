import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsultantSetup } from '../../../../../core/schemas/consults';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { consultantSetupQueryOptions } from './public-consultant';
import { consultantKeys } from './query-keys';

/**
 * Consultant Settings (super admins): read through the public setup route (the settings as the troubleshooter
 * gets them), saved with updateConsultantSettings. A save refreshes the setup, so the troubleshooter in this
 * browser uses the new numbers at once.
 */

/** Always read afresh on the settings page: editing stale numbers would only end in a conflict. */
export const useConsultantSettingsSetup = () => useQuery({ ...consultantSetupQueryOptions(), staleTime: 0 });

export const updateConsultantSettings = (input: RouteInput<'updateConsultantSettings'>) =>
  callRoute('updateConsultantSettings', input);

export function useUpdateConsultantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsultantSettings,
    onSuccess: (saved) => {
      // The saved version at once (the form re-keys on it), then the designs it covers as the server sees them.
      queryClient.setQueryData<ConsultantSetup>(consultantKeys.setup(), (old) =>
        old ? { ...old, settings: saved } : old,
      );
      return queryClient.invalidateQueries({ queryKey: consultantKeys.all });
    },
  });
}
