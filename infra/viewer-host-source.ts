import { VIEWER_HOST_HEADER } from '../core/edge-headers';

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request, the /api/* behaviour): passes the host name the
 * browser used (the own domain or the distribution's) to the API as `x-viewer-host`, since Host itself is not
 * forwarded. Without an own domain it is how the handlers learn the portal's origin for the Origin check
 * (lambdas/http/browser-request.ts); they trust it only beside CloudFront's origin secret, which a viewer
 * cannot send.
 */
export function viewerHostSource(): string {
  return `function handler(event) {
  var request = event.request;
  var host = request.headers.host ? request.headers.host.value : '';
  request.headers['${VIEWER_HOST_HEADER}'] = { value: host };
  return request;
}`;
}
