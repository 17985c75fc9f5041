import { createHash } from 'node:crypto';
import { EMAIL_BODY_STYLE } from '../lambdas/email/render-template';

export interface CspSources {
  /** https://cognito-idp.{region}.amazonaws.com: Amplify Auth talks to Cognito directly. */
  cognitoOrigin: string;
  /** The attachments bucket endpoint: presigned PUT/GET from the browser, image previews. */
  attachmentsOrigin: string;
  /**
   * Whether browsers rewrite http subresource URLs to https (default true, as CloudFront serves https only).
   * The local web server serves plain http on 127.0.0.1 with emulators on other http ports, which the
   * upgrade would break, so it turns this off.
   */
  upgradeInsecureRequests?: boolean;
}

/** A CSP source that allows exactly this inline text (a style attribute's value, with 'unsafe-hashes'). */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The portal's Content-Security-Policy. Only same-origin code runs; the browser may connect only to the
 * portal (which serves /api), Cognito and the attachments bucket; nobody may frame the portal.
 */
export function buildContentSecurityPolicy({
  cognitoOrigin,
  attachmentsOrigin,
  upgradeInsecureRequests = true,
}: CspSources): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Vite emits stylesheets as files; React's style props go through CSSOM, which CSP does not block.
    // Email Management previews an email in a sandboxed srcdoc iframe, which inherits this policy: the
    // email's one inline style is allowed by its hash ('unsafe-hashes' applies hashes to style attributes
    // only; no other inline style and no inline script is allowed).
    `style-src 'self' 'unsafe-hashes' ${cspHash(EMAIL_BODY_STYLE)}`,
    `img-src 'self' data: blob: ${attachmentsOrigin}`,
    "font-src 'self'",
    `connect-src 'self' ${cognitoOrigin} ${attachmentsOrigin}`,
    // spec 2 Terms page: the PDF is embedded from the portal itself.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * The terms PDF's own policy: only the portal may frame it (spec 2 Terms page). Nothing else: a PDF runs no
 * page script, and `object-src`/`default-src` restrictions on the PDF response itself can stop Chromium's
 * built-in viewer from rendering it.
 */
export const TERMS_DOCUMENT_CSP = "frame-ancestors 'self'";
