/**
 * Which start a page gets (app/start.tsx): a page written at build time (web/prerender) is hydrated, React taking
 * over the HTML the browser already shows; anything else is rendered afresh. The prerendered HTML is the
 * page at its bare path with the prerender's config, so a query string (an email to prefill, a notice) or a
 * stage whose terms URL differs means the first client render would not match it: React renders afresh.
 */
import type { RuntimeConfig } from '../../../core/schemas/runtime-config';
import { PRERENDERED_ATTRIBUTE } from './prerender-attributes';

export { MODULES_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from './prerender-attributes';

/**
 * The config public pages are rendered with at build time. Of it they show only `termsUrl` (the footer's
 * link), which every stage of infra/stage-config.ts sets to this value.
 */
export const PRERENDER_CONFIG: RuntimeConfig = {
  stage: 'prerender',
  production: true,
  region: 'us-east-1',
  apiBaseUrl: '/api',
  userPoolId: 'us-east-1_prerender',
  userPoolClientId: 'prerender',
  authFlowType: 'USER_SRP_AUTH',
  termsUrl: '/terms.pdf',
  session: { inactivityTimeoutMs: 3_600_000, warningAfterMs: 3_300_000 },
  payments: { gateway: 'fake' },
};

/** The HTML in `container` is the page at `location` as prerendered: its path, with no query string or hash. */
export function isPrerenderedPage(
  container: Element,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): boolean {
  return (
    container.getAttribute(PRERENDERED_ATTRIBUTE) === location.pathname &&
    location.search === '' &&
    location.hash === ''
  );
}

/**
 * main.tsx: whether the app loads with the page, or waits for the visitor's first use of a prerendered one. It
 * loads at once on a page that is not prerendered (it shows only the loader), with a query string or hash (they
 * say something the HTML does not show), and where a stored session may be (the sign-in page sends it on home).
 */
export function loadsAppAtOnce(
  container: Element,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  mayHoldStoredSession: boolean,
): boolean {
  return !isPrerenderedPage(container, location) || mayHoldStoredSession;
}

export function canHydrate(
  container: Element,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  config: Pick<RuntimeConfig, 'termsUrl'>,
): boolean {
  return isPrerenderedPage(container, location) && config.termsUrl === PRERENDER_CONFIG.termsUrl;
}
