import { createHash } from 'node:crypto';

/**
 * A CSP source that allows exactly this inline text: a style element's content, or (with 'unsafe-hashes') a
 * style attribute's value.
 */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
