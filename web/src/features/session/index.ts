/** The session's timers: inactivity warning and expiry, token refresh, the activity kept on the server. */
export { InactivityDialogs } from './components/inactivity-dialogs';
export { getMyActivity } from './api/get-my-activity';
export { putActivity } from './api/put-activity';
export { useInactivity } from './hooks/use-inactivity';
export { useTokenRefresh } from './hooks/use-token-refresh';
