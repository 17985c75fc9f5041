/** Which paths are public (spec 2 "Public routes"): no session timer, no verification overlay. */
import { PAGE_AREAS, PAGE_PATHS } from '../page-paths';

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
    p === PAGE_PATHS.terms ||
    p.includes(PAGE_AREAS.auth) ||
    p.includes(PAGE_AREAS.error) ||
    p.includes(PAGE_PATHS.virtualConsultant)
  );
}

/** spec 4: session timers stop on auth routes. */
export function isAuthRoute(path: string): boolean {
  return pathOnly(path).includes(PAGE_AREAS.auth);
}

/** spec 2, 4: home navigation and the inactivity popups are skipped on the virtual consultant route. */
export function isVirtualConsultantRoute(path: string): boolean {
  return pathOnly(path).includes(PAGE_PATHS.virtualConsultant);
}
