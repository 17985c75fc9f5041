/** The signed-in user's own profile: its query and update, the form and the account numbers. */
export { getMyProfile, getMyProfileQueryOptions, useMyProfile } from './api/get-my-profile';
export { useUpdateMyProfile } from './api/update-my-profile';
export { AccountNumbersCard } from './components/account-numbers-card';
export { ProfileForm } from './components/profile-form';
