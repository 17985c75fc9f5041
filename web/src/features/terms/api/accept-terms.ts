import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** spec 4 "Terms": records the acceptance on the caller's own record (route acceptTerms). */
export const acceptTerms = () => callRoute('acceptTerms', {});

export const useAcceptTerms = () => useMutation({ mutationFn: acceptTerms });
