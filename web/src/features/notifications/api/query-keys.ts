/**
 * The notification centre's queries, keyed by user so a sign-in as someone else never shows the previous
 * user's inbox.
 */
export const notificationKeys = {
  /** What the bell polls. */
  unread: (userId: string | null) => ['notifications', userId, 'unread'] as const,
  inbox: (userId: string | null) => ['notifications', userId, 'inbox'] as const,
  preferences: (userId: string | null) => ['notifications', userId, 'preferences'] as const,
};
