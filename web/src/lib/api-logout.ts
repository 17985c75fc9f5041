/**
 * Who logs out when an API answer demands it (spec 8). Apart from the API client so the session provider can
 * register itself without loading the client: the sign-in page never needs it before the form is sent.
 */
let logoutHandler: (reason: string) => void = () => {};

/** The session provider registers how to log out when an answer demands it; returns the unregister. */
export function setApiLogoutHandler(handler: (reason: string) => void): () => void {
  logoutHandler = handler;
  return () => {
    if (logoutHandler === handler) logoutHandler = () => {};
  };
}

export const apiLogout = (reason: string): void => logoutHandler(reason);
