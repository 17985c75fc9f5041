/**
 * cognito-local answers no CORS preflight, so a browser on the portal origin could not call it. The bridge
 * answers for the portal origin only, with the headers the AWS SDK and Amplify send.
 */
const ALLOWED_HEADERS = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'authorization',
  'cache-control',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'x-amz-date',
  'x-amz-content-sha256',
  'x-amz-security-token',
].join(', ');

export function corsHeaders(origin: string | undefined, allowedOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid, x-amzn-errormessage',
    'access-control-max-age': '600',
    vary: 'origin',
  };
  if (origin && allowedOrigins.includes(origin)) headers['access-control-allow-origin'] = origin;
  return headers;
}
