/** What other domains use of auth: how long a revocation must outlive the tokens it refuses. */
export { REVOCATION_TTL_SECONDS } from './sign-out';
