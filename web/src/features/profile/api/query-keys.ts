export const profileKeys = {
  /** Keyed by user, so a sign-in as someone else never shows the previous user's profile. */
  mine: (userId: string | null) => ['my-profile', userId] as const,
};
