import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, type RouteInput } from '../../../lib/api-client';
import { practiceKeys } from './query-keys';

const peopleKey = (accountNumber: string) => [...practiceKeys.all, 'people', accountNumber] as const;

/** A practice's people and their roles (route listPracticePeople): its practice admin's People page. */
export const practicePeopleQueryOptions = (accountNumber: string) =>
  queryOptions({
    queryKey: peopleKey(accountNumber),
    queryFn: () => callRoute('listPracticePeople', { accountNumber }),
  });

export const usePracticePeople = (accountNumber: string) => useQuery(practicePeopleQueryOptions(accountNumber));

export const useSetPracticeRoles = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'setPracticeRoles'>) => callRoute('setPracticeRoles', input),
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: peopleKey(input.accountNumber) }),
  });
};

export const useRemovePracticePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<'removePracticePerson'>) => callRoute('removePracticePerson', input),
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: peopleKey(input.accountNumber) }),
  });
};
