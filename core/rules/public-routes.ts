/** Which paths are public (spec 2 "Public routes"): no session timer, no verification overlay. */
export const VIRTUAL_CONSULTANT_PATH = '/ampleye-virtual-consultant';

export const AUTH_PATHS = {
  login: '/auth/login',
  verifyEmail: '/auth/verify-email',
  request: '/auth/request',
} as const;

/** The path alone: query string and fragment never decide whether a route is public. */
function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? '';
}

/** spec 2: any path containing /auth/ or /error/, the root path, /terms, or the virtual consultant path. */
export function isPublicRoute(path: string): boolean {
  const p = pathOnly(path);
  return (
    p === '' ||
    p === '/' ||
    p === '/terms' ||
    p.includes('/auth/') ||
    p.includes('/error/') ||
    p.includes(VIRTUAL_CONSULTANT_PATH)
  );
}

/** spec 4: session timers stop on auth routes. */
export function isAuthRoute(path: string): boolean {
  return pathOnly(path).includes('/auth/');
}

/** spec 2, 4: home navigation and the inactivity popups are skipped on the virtual consultant route. */
export function isVirtualConsultantRoute(path: string): boolean {
  return pathOnly(path).includes(VIRTUAL_CONSULTANT_PATH);
}
