export { useMyProfile } from './api/get-my-profile';
export { useUpdateMyProfile } from './api/update-my-profile';
export { AccountNumbersCard } from './components/account-numbers-card';
export { ProfileForm } from './components/profile-form';
