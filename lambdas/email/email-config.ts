import { requireEnv } from '../env';

/**
 * The portal's own address for links in emails: PORTAL_URL (the CloudFront or custom domain origin in
 * AWS, the local web server locally). Null when unset or not an http(s) URL: emails then name the portal
 * without a link rather than link somewhere wrong.
 */
export function portalUrl(env: Record<string, string | undefined> = process.env): string | null {
  const value = env['PORTAL_URL'];
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Where account requests are announced: LAB_NOTIFICATIONS_EMAIL, else the portal's sender (EMAIL_FROM). */
export function labNotificationsAddress(env: Record<string, string | undefined> = process.env): string {
  return env['LAB_NOTIFICATIONS_EMAIL'] || requireEnv('EMAIL_FROM');
}
