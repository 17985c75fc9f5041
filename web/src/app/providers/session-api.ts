/** The API calls the session provider makes, loaded together once a user is signed in (session-provider.tsx). */
export { getMyProfile, getMyProfileQueryOptions } from '../../features/profile';
export { getCustomerInfo, getCustomerInfoQueryOptions } from '../../features/customers';
export { signOutOnServer } from '../../features/auth';
