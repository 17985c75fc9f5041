/**
 * CloudFront Function (cloudfront-js-2.0, viewer request, default behaviour only): a path whose last
 * segment has no file extension is a client-side route of the SPA. A page prerendered at build time
 * (prerendered-build.ts: `/auth/login` is the S3 object `auth/login/index.html`) is served its own
 * file, so it paints before any script runs; every other route is served /index.html. Files (assets,
 * config.json, the terms PDF) pass through, so a missing file stays a 403/404 and the /api/* behaviour,
 * which has no function, keeps its own status codes (spec 8 maps them).
 */
export function spaRewriteSource(prerenderedPaths: readonly string[]): string {
  const pages = Object.fromEntries([...prerenderedPaths].sort().map((path) => [path, true]));
  return `var PRERENDERED = ${JSON.stringify(pages)};
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = PRERENDERED[request.uri] === true ? request.uri + '/index.html' : '/index.html';
  }
  return request;
}`;
}
