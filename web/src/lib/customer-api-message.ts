/**
 * spec 8: a failed customer-API call (spec 7's customer info, email, invoice, account request and buying
 * groups) reads "API returned status {code}: {text}". The text is the server's own message when it sent one:
 * HTTP/2 answers carry no reason phrase (`statusText` is empty behind API Gateway and CloudFront), and the
 * portal's message says more than "Not Found" would. Without one, the standard reason phrase stands in.
 */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function customerApiMessage(httpStatus: number, text?: string): string {
  const reason = text?.trim() || REASON_PHRASES[httpStatus] || 'Error';
  return `API returned status ${httpStatus}: ${reason}`;
}
