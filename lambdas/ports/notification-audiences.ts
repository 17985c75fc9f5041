/** A user who hears of events: who they are, and where a practice user's emails go. */
export interface Listener {
  userId: string;
  email: string;
}

/**
 * Who hears of an event (core/rules/notification-events.ts): a practice's events go to the users linked to its
 * account, the lab's to its staff. Found without a Scan: the practice's linked users, and the user pool's
 * `admin` group (super admins are in it too).
 */
export interface NotificationAudiences {
  practiceUsers(accountNumber: string): Promise<Listener[]>;
  /** The lab's enabled staff. */
  labStaff(): Promise<Listener[]>;
}
