/**
 * CloudFront Function (cloudfront-js-2.0, viewer request, default behaviour only): a path whose last
 * segment has no file extension is a client-side route of the SPA and is served /index.html. Files
 * (assets, config.json, the terms PDF) pass through, so a missing file stays a 403/404 and the /api/*
 * behaviour, which has no function, keeps its own status codes (spec 8 maps them).
 */
export const SPA_REWRITE_SOURCE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
