/** The most the bell's badge spells out: a bigger count reads "99+", which still fits a small circle. */
export const BADGE_MAX = 99;

/** The badge's text for an unread count: the count, or "99+" above the cap. */
export const unreadBadgeText = (unread: number): string => (unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread));

/**
 * The bell's accessible name. It contains the badge's visible text ("3", "99+"), so a voice-control user who
 * says what they see reaches it (WCAG 2.5.3 Label in Name).
 */
export const bellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unreadBadgeText(unread)} unread` : 'Notifications';
