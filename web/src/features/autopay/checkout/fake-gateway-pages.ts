/**
 * The fake gateway's browser pages (local stack and tests), in place of Stripe.js: the local web server forwards
 * /fake-gateway/* to the fake service, so the card goes there and never to the portal's API.
 */
export interface GatewayAnswer {
  ok: boolean;
  status?: string;
  message?: string;
}

export async function postFakeGateway(
  page: 'setup' | 'authenticate',
  body: Record<string, unknown>,
): Promise<GatewayAnswer> {
  const response = await fetch(`/fake-gateway/${page}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as {
    status?: string;
    error?: { message?: string };
  } | null;
  return { ok: response.ok, status: answer?.status, message: answer?.error?.message };
}
