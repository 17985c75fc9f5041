/**
 * spec 8 "Response handling", as a pure decision so it is testable on its own. The error is always logged and
 * re-raised by the caller; this only decides whether the answer also ends the session.
 *
 * Only answers that mean the session or the caller is no longer valid log out
 * (docs/decisions/0014-which-answers-log-out.md):
 * - 401 from the portal's own API, unless the request URL contains 'auth' (spec 8's exception);
 * - a 404 the server marks `callerGone`: the caller's own users record is gone.
 * Any other 404 is a missing resource (an old link, a discarded draft, another practice's order): the page
 * says "not found" and the session stays. A 500 is a fault on the server, not a reason to sign anyone out.
 *
 * The logout applies only to the portal's own API answers, not to files, emulators or third parties. The
 * spec 7 customer API calls (customer info, email, invoice, account request, buying groups) were a separate
 * service in the old portal, and spec 4 says a failed customer-info load leads to /auth/request, which a
 * logout would make impossible; so their answers never log out.
 */
export type ResponseSource = 'portal' | 'customer-api' | 'other';

export interface FailedResponse {
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  httpStatus: number;
  /** The request URL. */
  url: string;
  source: ResponseSource;
  /** The server marked the answer as "the caller's own record is gone" (`details.callerGone`). */
  callerGone?: boolean;
}

export type ResponseAction = { logout: false } | { logout: true; reason: 'unauthenticated' | 'caller-gone' };

export function responseAction({ httpStatus, url, source, callerGone = false }: FailedResponse): ResponseAction {
  if (source !== 'portal') return { logout: false };
  if (httpStatus === 401) return url.includes('auth') ? { logout: false } : { logout: true, reason: 'unauthenticated' };
  if (httpStatus === 404 && callerGone) return { logout: true, reason: 'caller-gone' };
  return { logout: false };
}
