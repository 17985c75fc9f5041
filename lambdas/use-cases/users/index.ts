/** What other domains use of users. */
export { USER_NOT_FOUND } from './directory-failure';
export { revokeSessions } from './end-user-sessions';
