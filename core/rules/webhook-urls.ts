/**
 * Where an outgoing webhook may point (docs/decisions/0105-outgoing-webhooks.md). In AWS: https only, and never
 * a private, loopback, link-local or otherwise internal address, so a super admin's URL cannot make the portal's
 * functions reach into the network they run in (the instance metadata at 169.254.169.254, a VPC service).
 * Locally the receiver is a test's or a developer's server on loopback, so http and 127.0.0.1 are allowed there.
 */
export interface WebhookUrlRules {
  /** The local stack: http and loopback allowed. */
  local: boolean;
}

const ipv4Parts = (host: string): number[] | null => {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null;
  const parts = host.split('.').map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
};

/** Whether an IP address (v4 or v6, as a URL or DNS gives it) is one the portal must not call in AWS. */
export function isInternalAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4Parts(host.startsWith('::ffff:') ? host.slice(7) : host);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (!host.includes(':')) return false;
  if (host === '::' || host === '::1') return true;
  // Unique local (fc00::/7), link-local (fe80::/10), multicast (ff00::/8), and v4 mapped or translated forms.
  return /^(f[cd]|fe[89ab]|ff)/.test(host) || host.startsWith('::ffff:') || host.startsWith('64:ff9b:');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why a URL cannot receive webhooks, or null when it can. */
export function webhookUrlProblem(value: string, rules: WebhookUrlRules): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a full URL, starting with https://';
  }
  if (url.username || url.password) return 'The URL must not hold a user name or password';
  if (url.hash) return 'The URL must not have a #fragment';
  const host = url.hostname.toLowerCase();
  if (rules.local && url.protocol === 'http:' && LOOPBACK_HOSTS.has(host)) return null;
  if (url.protocol !== 'https:') return 'The URL must start with https://';
  if (rules.local) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
    return 'The URL must name a public host';
  if (isInternalAddress(host)) return 'The URL must not point at a private or internal address';
  return null;
}
