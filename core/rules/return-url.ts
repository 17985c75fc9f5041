import { PAGE_PATHS } from '../page-paths';

/**
 * A returnUrl is only ever a path inside the portal: anything else (another origin, `//host`, a
 * backslash trick, a scheme) would make the login page an open redirect, so it is dropped.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers drop tabs and newlines and read '\' as '/', so '/\tevil' or '/\\evil' would leave the site.
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || /\s/.test(c))) return null;
  return value;
}

/** spec 2, 4: the login route with the page to come back to after signing in. */
export function loginUrl(returnUrl?: string | null): string {
  const safe = safeReturnUrl(returnUrl);
  return safe && !safe.startsWith(PAGE_PATHS.login)
    ? `${PAGE_PATHS.login}?returnUrl=${encodeURIComponent(safe)}`
    : PAGE_PATHS.login;
}
