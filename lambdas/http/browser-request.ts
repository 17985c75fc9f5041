import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { VIEWER_HOST_HEADER } from '../../core/edge-headers';
import { AppError, permissionDenied } from '../../core/errors';

/**
 * The API is called by the portal's own pages only (docs/decisions/0081-browser-only-api.md). These rules hold on
 * every callable route, before a token is read or the body parsed:
 *
 * - In AWS, the request came through CloudFront (checkThroughCloudFront).
 * - The body is `application/json`. A page of another site can only send a "simple" cross-site POST
 *   (text/plain, a form encoding) without asking first; JSON needs a CORS preflight the API never grants.
 * - A request that names its origin (browsers do on every POST) comes from the portal's origin. `Sec-Fetch-Site`
 *   saying another site sent it is refused as well, also where the portal's origin is not known.
 *
 * Clients that are not browsers send no `Origin` and are judged by their token and the route's own rules.
 */

export const NOT_THROUGH_CLOUDFRONT_MESSAGE = "Call the portal's API at the portal's own address.";
export const JSON_ONLY_MESSAGE = 'The request body must be JSON (Content-Type: application/json).';
export const FOREIGN_ORIGIN_MESSAGE = "Requests to the portal's API must come from the portal's own pages.";

/**
 * The portal's origins: PORTAL_ORIGINS (comma-separated; the own domain in AWS, both loopback names locally),
 * and behind CloudFront `https://` and the host the viewer used, trusted only with CloudFront's origin secret:
 * the only way to know the distribution's default domain (no function can be told it, as the distribution
 * depends on the API). A page of another site posts to the portal's host, so its Origin never matches.
 */
export function portalOrigins(
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const configured = (env['PORTAL_ORIGINS'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const headers = event.headers ?? {};
  const secret = env['ORIGIN_VERIFY_SECRET'];
  const viewerHost = headers[VIEWER_HOST_HEADER];
  const fromCloudFront = !!secret && headers['x-origin-verify'] === secret;
  const viewed = fromCloudFront && viewerHost && /^[A-Za-z0-9.-]+$/.test(viewerHost) ? [`https://${viewerHost}`] : [];
  return [...configured, ...viewed];
}

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();

/**
 * In AWS (ORIGIN_VERIFY_SECRET set) the API answers only what came through CloudFront, whose web ACL holds the
 * per-IP rate limits: an HTTP API cannot have a web ACL of its own, and its execute-api address stays reachable
 * as CloudFront's origin. Locally there is no CloudFront and no secret.
 */
export function checkThroughCloudFront(
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
  env: Record<string, string | undefined> = process.env,
): void {
  const secret = env['ORIGIN_VERIFY_SECRET'];
  if (secret && event.headers?.['x-origin-verify'] !== secret) throw permissionDenied(NOT_THROUGH_CLOUDFRONT_MESSAGE);
}

/** Throws 415 for a body that is not JSON and 403 for another site's page; returns quietly otherwise. */
export function checkBrowserRequest(event: Pick<APIGatewayProxyEventV2, 'headers'>, allowed: readonly string[]): void {
  const headers = event.headers ?? {};
  if (mediaType(headers['content-type']) !== 'application/json') {
    throw new AppError('unsupported-media-type', JSON_ONLY_MESSAGE);
  }
  const site = headers['sec-fetch-site']?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') throw permissionDenied(FOREIGN_ORIGIN_MESSAGE);
  const origin = headers['origin']?.trim();
  if (origin !== undefined && !allowed.includes(origin)) throw permissionDenied(FOREIGN_ORIGIN_MESSAGE);
}
