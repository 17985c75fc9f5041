/** A day of the tests' activity fixtures. */
export const ACTIVITY_T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

/**
 * What a browser's session timer reports (putActivity's input, a stored record's report fields): one
 * desktop Chrome tab on the customer dashboard since ACTIVITY_T0, last active at `lastActivity`.
 */
export const activityReport = (lastActivity: number, extra: Record<string, unknown> = {}) => ({
  lastActivity,
  deviceId: 'device-0001',
  sessionId: 'session-0001',
  status: 'active',
  browser: { name: 'Chrome', version: '126', platform: 'Win32', language: 'en-US' },
  screen: { width: 1920, height: 1080, pixelRatio: 1 },
  device: { type: 'desktop', os: 'Windows', osVersion: '10' },
  session: {
    startTime: ACTIVITY_T0,
    timezone: 'UTC',
    connectionType: '4g',
    currentRoute: '/customer/home',
    tabCount: 1,
  },
  ...extra,
});
