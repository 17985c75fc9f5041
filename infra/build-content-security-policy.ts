export interface CspSources {
  /** https://cognito-idp.{region}.amazonaws.com: Amplify Auth talks to Cognito directly. */
  cognitoOrigin: string;
  /** The attachments bucket endpoint: presigned PUT/GET from the browser, image previews. */
  attachmentsOrigin: string;
}

/**
 * The portal's Content-Security-Policy. Only same-origin code runs; the browser may connect only to the
 * portal (which serves /api), Cognito and the attachments bucket; nobody may frame the portal.
 */
export function buildContentSecurityPolicy({ cognitoOrigin, attachmentsOrigin }: CspSources): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Vite emits stylesheets as files; React's style props go through CSSOM, which CSP does not block.
    "style-src 'self'",
    `img-src 'self' data: blob: ${attachmentsOrigin}`,
    "font-src 'self'",
    `connect-src 'self' ${cognitoOrigin} ${attachmentsOrigin}`,
    // spec 2 Terms page: the PDF is embedded from the portal itself.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * The terms PDF's own policy: only the portal may frame it (spec 2 Terms page). Nothing else: a PDF runs no
 * page script, and `object-src`/`default-src` restrictions on the PDF response itself can stop Chromium's
 * built-in viewer from rendering it.
 */
export const TERMS_DOCUMENT_CSP = "frame-ancestors 'self'";
