import type { GatewayKind } from '../core/schemas/payments';
import { EMAIL_BODY_STYLE } from '../core/email-style';
import { cspHash } from './csp-hash';

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
  /**
   * The stage's card gateway. `stripe` adds exactly what Stripe documents for Stripe.js and the Payment
   * Element: its script, its frames (the card fields, 3-D Secure) and its API. `fake` (the default) adds
   * nothing: the test card form posts to the portal's own origin.
   */
  paymentGateway?: GatewayKind;
  /**
   * Hash sources (`'sha256-…'`) of the style elements the prerendered pages inline (their CSS, so they paint
   * before any file but the HTML arrives): infra/prerendered-build.ts reads them from the build.
   */
  inlineStyleHashes?: readonly string[];
}

/** Stripe's documented CSP needs for Stripe.js (docs.stripe.com/security/guide, "Content Security Policy"). */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

/**
 * The portal's Content-Security-Policy. Only same-origin code runs (plus Stripe.js in stripe stages); the
 * browser may connect only to the portal (which serves /api), Cognito, the attachments bucket (and Stripe's
 * API in stripe stages); nobody may frame the portal.
 */
export function buildContentSecurityPolicy({
  cognitoOrigin,
  attachmentsOrigin,
  upgradeInsecureRequests = true,
  paymentGateway = 'fake',
  inlineStyleHashes = [],
}: CspSources): string {
  const stripe = paymentGateway === 'stripe';
  const withStripe = (sources: readonly string[]) => (stripe ? ` ${sources.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self'${withStripe(STRIPE_CSP.scriptSrc)}`,
    // Vite emits stylesheets as files; React's style props go through CSSOM, which CSP does not block.
    // Email Management previews an email in a sandboxed srcdoc iframe, which inherits this policy: the
    // email's one inline style is allowed by its hash ('unsafe-hashes' lets hashes apply to style attributes).
    // The prerendered pages' style elements are allowed by theirs; no other inline style and no inline
    // script is allowed.
    ['style-src', "'self'", "'unsafe-hashes'", cspHash(EMAIL_BODY_STYLE), ...inlineStyleHashes].join(' '),
    `img-src 'self' data: blob: ${attachmentsOrigin}`,
    "font-src 'self'",
    `connect-src 'self' ${cognitoOrigin} ${attachmentsOrigin}${withStripe(STRIPE_CSP.connectSrc)}`,
    // spec 2 Terms page: the PDF is embedded from the portal itself.
    `frame-src 'self'${withStripe(STRIPE_CSP.frameSrc)}`,
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
