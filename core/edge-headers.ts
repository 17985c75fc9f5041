/**
 * Headers CloudFront adds to `/api/*` requests and the handlers read (infra/constructs/web.ts, lambdas/http).
 * The host name the browser used (own domain or the distribution's), set by the viewer-request function
 * (infra/viewer-host-source.ts); trusted only beside the origin-verify secret.
 */
export const VIEWER_HOST_HEADER = 'x-viewer-host';
