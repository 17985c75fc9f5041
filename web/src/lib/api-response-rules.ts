/**
 * spec 8 "Response handling", as a pure decision so it is testable on its own: 401 logs the user out unless
 * the request URL contains 'auth'; 404 and 500 log the user out; every other status is only re-raised.
 * The error is always logged and re-raised by the caller.
 *
 * ARCHITECTURE "Decisions": the logout applies only to the portal's own API answers, not to files,
 * emulators or third parties. The spec 7 customer API calls (customer info, email, invoice, account
 * request, buying groups) were a separate service in the old portal, and spec 4 says a failed customer-info
 * load leads to /auth/request, which a logout would make impossible; so their answers never log out.
 */
export type ResponseSource = 'portal' | 'customer-api' | 'other';

export interface FailedResponse {
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  httpStatus: number;
  /** The request URL. */
  url: string;
  source: ResponseSource;
}

export type ResponseAction = { logout: false } | { logout: true; reason: 'unauthenticated' | 'not-found' | 'internal' };

export function responseAction({ httpStatus, url, source }: FailedResponse): ResponseAction {
  if (source !== 'portal') return { logout: false };
  if (httpStatus === 401) return url.includes('auth') ? { logout: false } : { logout: true, reason: 'unauthenticated' };
  if (httpStatus === 404) return { logout: true, reason: 'not-found' };
  if (httpStatus === 500) return { logout: true, reason: 'internal' };
  return { logout: false };
}
