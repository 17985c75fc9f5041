import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, liveApiClientDeps, type ApiClientDeps } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { firstPaint, holdUntilFirstPaint } from '../../web/src/lib/first-paint-hold';
import { annProfile } from './support/fake-session';

const PROFILE = {
  profile: annProfile(),
  groups: ['customer'],
  emailVerified: true,
};

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function client(
  respond: (url: string, init: RequestInit) => Response | Promise<Response>,
  overrides: Partial<ApiClientDeps> = {},
) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const logout = vi.fn();
  const call = createApiClient({
    fetch: (async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return respond(url, init);
    }) as typeof fetch,
    apiBaseUrl: () => '/api/',
    idToken: async () => 'id-token-value',
    logout,
    // The app's own timeout (spec 7), read from the client the app uses, never a copy of the number.
    timeoutMs: liveApiClientDeps.timeoutMs,
    newCorrelationId: () => 'corr-1',
    ...overrides,
  });
  return { call, requests, logout };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('API client (spec 7 calls, spec 8 errors)', () => {
  it('POSTs {data} to {apiBaseUrl}/{route name} with the bearer ID token and a correlation id', async () => {
    const { call, requests } = client(() => json(200, { result: PROFILE }));
    await call('getMyProfile', {});
    const [request] = requests;
    expect(request?.url).toBe('/api/getMyProfile');
    expect(request?.init.method).toBe('POST');
    expect(JSON.parse(String(request?.init.body))).toEqual({ data: {} });
    expect(request?.init.headers).toMatchObject({
      authorization: 'Bearer id-token-value',
      'x-correlation-id': 'corr-1',
    });
  });

  it('a call held until its page has painted asks for no token and sends nothing before (lib/first-paint-hold.ts)', async () => {
    const release = holdUntilFirstPaint();
    const idToken = vi.fn(async () => 'id-token-value');
    const { call, requests } = client(() => json(200, { result: PROFILE }), { idToken, ready: firstPaint });
    const answered = call('getMyProfile', {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(idToken).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
    release();
    await expect(answered).resolves.toMatchObject({ groups: ['customer'] });
    expect(requests).toHaveLength(1);
    // Released once, calls go at once from then on.
    await expect(firstPaint()).resolves.toBeUndefined();
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const { call, requests } = client(() => json(200, { result: { nextStep: 'confirm-email' } }), {
      idToken: async () => null,
    });
    await call('resendSignUpCode', { email: 'ann@practice.test' });
    expect(requests[0]?.init.headers).not.toHaveProperty('authorization');
  });

  it("parses {result} with the route's output schema", async () => {
    const { call } = client(() => json(200, { result: PROFILE }));
    const answer = await call('getMyProfile', {});
    expect(answer.profile.firstName).toBe('Ann');
  });

  it('an answer that does not match the output schema is an internal error', async () => {
    const { call } = client(() => json(200, { result: { profile: 'nonsense' } }));
    await expect(call('getMyProfile', {})).rejects.toMatchObject({ status: 'internal' });
  });

  it('turns {error} into a CallableError with status, message and field errors', async () => {
    const { call, logout } = client(() =>
      json(400, {
        error: {
          status: 'invalid-argument',
          message: 'Some fields are not valid',
          details: { fieldErrors: { password: ['Password does not meet the requirements.'] } },
          correlationId: 'srv-9',
        },
      }),
    );
    const error = await call('signUp', {
      email: 'a@b.test',
      password: 'x',
      firstName: 'A',
      lastName: 'B',
      termsAccepted: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallableError);
    expect(error).toMatchObject({
      status: 'invalid-argument',
      httpStatus: 400,
      message: 'Some fields are not valid',
      correlationId: 'srv-9',
    });
    expect((error as CallableError).fieldError('password')).toBe('Password does not meet the requirements.');
    expect(logout).not.toHaveBeenCalled();
  });

  it("a 404 marked callerGone (the caller's own record is gone) logs the user out, and the error is re-raised", async () => {
    const { call, logout } = client(() =>
      json(404, { error: { status: 'not-found', message: 'User data not found', details: { callerGone: true } } }),
    );
    await expect(call('acceptTerms', {})).rejects.toMatchObject({ status: 'not-found' });
    expect(logout).toHaveBeenCalledWith('caller-gone');
  });

  it('a 404 for an order the caller cannot see keeps the session: the page shows "not found"', async () => {
    const { call, logout } = client(() => json(404, { error: { status: 'not-found', message: 'Order not found' } }));
    await expect(call('getOrder', { orderId: 'someone-elses' })).rejects.toMatchObject({
      status: 'not-found',
      message: 'Order not found',
    });
    expect(logout).not.toHaveBeenCalled();
  });

  it('a 500 answer of the portal is re-raised without a logout', async () => {
    const { call, logout } = client(() =>
      json(500, { error: { status: 'internal', message: 'Something went wrong on our side.' } }),
    );
    await expect(call('getMyProfile', {})).rejects.toMatchObject({ status: 'internal' });
    expect(logout).not.toHaveBeenCalled();
  });

  it('spec 8: a 401 answer of the portal logs the user out (its URL has no "auth")', async () => {
    const { call, logout } = client(() =>
      json(401, { error: { status: 'unauthenticated', message: 'Not signed in' } }),
    );
    await expect(call('getMyProfile', {})).rejects.toMatchObject({ status: 'unauthenticated' });
    expect(logout).toHaveBeenCalledWith('unauthenticated');
  });

  it('a 404 from the customer information call does not log out: spec 4 sends the user to /auth/request instead', async () => {
    const { call, logout } = client(() =>
      json(404, { error: { status: 'not-found', message: 'No account number is linked' } }),
    );
    await expect(call('getCustomerInfo', {})).rejects.toMatchObject({ status: 'not-found' });
    expect(logout).not.toHaveBeenCalled();
  });

  it('spec 8: a customer-API error reads "API returned status {code}: {text}" with the server\'s text', async () => {
    const { call } = client(() =>
      json(404, { error: { status: 'not-found', message: 'No account number is linked to this user' } }),
    );
    await expect(call('getCustomerInfo', {})).rejects.toMatchObject({
      status: 'not-found',
      message: 'API returned status 404: No account number is linked to this user',
    });
  });

  it('spec 8: a customer-API error without the portal format falls back to the reason phrase', async () => {
    const { call } = client(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call('listBuyingGroups', {})).rejects.toMatchObject({
      httpStatus: 502,
      message: 'API returned status 502: Bad Gateway',
    });
  });

  it("the portal's own routes keep the server's message as it is", async () => {
    const { call } = client(() => json(404, { error: { status: 'not-found', message: 'Order not found' } }));
    await expect(call('getOrder', { orderId: 'x' })).rejects.toMatchObject({ message: 'Order not found' });
  });

  it('a customer-API call that got no answer keeps the connection message (there is no status to show)', async () => {
    const { call } = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call('getInvoice', { invoiceNumber: 'INV-1', accountNumber: 'LL-1001' })).rejects.toMatchObject({
      httpStatus: 0,
      message: 'The portal could not be reached. Check your connection and try again.',
    });
  });

  it('a 500 page from a proxy (not the portal error format) is re-raised without a logout', async () => {
    const { call, logout } = client(() => new Response('<html>Bad gateway</html>', { status: 500 }));
    await expect(call('getMyProfile', {})).rejects.toMatchObject({ status: 'internal', httpStatus: 500 });
    expect(logout).not.toHaveBeenCalled();
  });

  it('every error is logged', async () => {
    const { call } = client(() => json(409, { error: { status: 'aborted', message: 'Changed meanwhile' } }));
    await expect(call('getMyProfile', {})).rejects.toBeInstanceOf(CallableError);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining('getMyProfile'),
      expect.objectContaining({ status: 'aborted' }),
    );
  });

  it('spec 7: the client the app uses gives a server function 70 s', () => {
    expect(liveApiClientDeps.timeoutMs).toBe(70_000);
  });

  it('spec 7: a call that gets no answer within 70 s fails with deadline-exceeded, not before', async () => {
    vi.useFakeTimers();
    try {
      const { call } = client(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      let settled = false;
      const pending = call('getMyProfile', {})
        .catch((e: unknown) => e)
        .finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(69_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ status: 'deadline-exceeded', httpStatus: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
