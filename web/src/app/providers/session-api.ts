/** The API calls the session provider makes, loaded together once a user is signed in (session-provider.tsx). */
export { getMyProfile, getMyProfileQueryOptions } from '../../features/profile/api/get-my-profile';
export { getCustomerInfo, getCustomerInfoQueryOptions } from '../../features/customers/api/get-customer-info';
export { signOutOnServer } from '../../features/auth/api/sign-out';
