import type { ComponentType } from 'react';

/** A portal user as a picker offers them. */
export interface PickedUser {
  userId: string;
  email: string;
}

/**
 * How Customer Management finds the portal user to link to an account. The users feature provides the
 * component (it searches getCustomerUsers by email); the app passes it in, so the features stay apart.
 */
export interface UserPickerProps {
  /** Who is linked already: offered as such, not as a choice. */
  linkedUserIds: readonly string[];
  /** The user being linked right now. */
  busyUserId: string | null;
  actionLabel: (user: PickedUser) => string;
  onPick: (user: PickedUser) => void;
}

export type UserPicker = ComponentType<UserPickerProps>;
