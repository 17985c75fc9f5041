/**
 * The notification centre in the browser: the header's bell (loaded after the first paint), the inbox page
 * and the "Notifications" section of Settings. The events and their choices are core/rules/notification-events.ts.
 */
export { NotificationBellSlot } from './components/notification-bell-slot';
export { NotificationInbox } from './components/notification-inbox';
export { NotificationSettingsSection } from './components/notification-settings-section';
