import type { NotificationItem, NotificationPreferences } from '../../../core/schemas/notifications';

/** An unread notice about one of Ann Lee's orders, as listNotifications answers it; override what a test needs. */
export function aNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: 'n-1',
    eventId: 'order-on-hold',
    title: 'Order 1042 for Jordan Reyes is on hold: the lab needs the corneal topography of the left eye',
    body: 'The lab paused the order until you answer its question. Open the order to read it and reply.',
    link: '/customer/orders/ord-1042',
    createdAt: '2026-12-02T09:30:00.000Z',
    readAt: null,
    accountNumber: 'LL-1001',
    ...overrides,
  };
}

/** A practice user's saved choices (one event chosen, the others at their defaults). */
export function practicePreferences(overrides: Partial<NotificationPreferences> = {}): NotificationPreferences {
  return { audience: 'practice', choices: { 'order-approved': 'digest' }, version: 3, ...overrides };
}
