import { act, screen } from '@testing-library/react';
import { signOut } from 'aws-amplify/auth';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleOf, PORTAL_ROUTES } from '../../../web/src/app/route-table';
import { callRoute } from '../../../web/src/lib/api-client';
import { CallableError } from '../../../web/src/lib/callable-error';
import { draftStorageKey, readLocalDraft, writeLocalDraft } from '../../../web/src/features/orders/model/local-draft';
import { emptyOrderForm } from '../../../web/src/features/orders/model/order-form-values';
import { TOAST_CONTAINER_PROPS } from '../../../web/src/lib/notify';
import { amplifySignedIn, BRIGHTVIEW_USER } from '../support/amplify-session';
import { renderGuardedPortal } from '../support/guarded-portal';
import { prepareBrowser } from '../support/fake-session';

/**
 * spec 4 "Route guard": a guard error goes to login. The guard's facts come from the session check
 * (SessionProvider); when that check fails, the tokens are dropped and the guarded page sends the user to
 * login with a returnUrl. Drives the real SessionProvider and GuardedLayout with Amplify and the API faked.
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('../../../web/src/lib/api-client', () => ({ callRoute: vi.fn(), setApiLogoutHandler: vi.fn() }));

function renderGuardedPage(path: string) {
  renderGuardedPortal(
    [
      {
        path: PORTAL_ROUTES.customerOrder.path,
        handle: handleOf(PORTAL_ROUTES.customerOrder),
        element: <h1>Order form</h1>,
      },
    ],
    path,
    <ToastContainer {...TOAST_CONTAINER_PROPS} />,
  );
}

beforeEach(() => {
  prepareBrowser();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // A fresh count per test: the mocked module's functions outlive restoreAllMocks.
  vi.mocked(signOut).mockReset().mockResolvedValue(undefined);
  amplifySignedIn(BRIGHTVIEW_USER);
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the session loader (spec 4: a guard error goes to login)', () => {
  it('a session check that fails drops the tokens and sends the guarded page to login with a returnUrl', async () => {
    vi.mocked(callRoute).mockImplementation((async (name: string) => {
      throw new CallableError({ route: name, httpStatus: 503, status: 'unavailable', message: 'busy' });
    }) as unknown as typeof callRoute);
    renderGuardedPage('/customer/order?draft=1');

    expect(await screen.findByTestId('location', {}, { timeout: 5000 })).toHaveTextContent(
      '/auth/login?returnUrl=%2Fcustomer%2Forder%3Fdraft%3D1',
    );
    expect(screen.queryByRole('heading', { name: 'Order form' })).toBeNull();
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByText('We could not load your account. Please sign in again.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('[lenslab] Session check failed', expect.anything());
  });

  it('a session check that gets no answer (offline, or the page being left) keeps the tokens and the drafts in this browser', async () => {
    const draft = draftStorageKey('u-ann', 'BV-1001');
    writeLocalDraft(draft, {
      orderId: '00000000-0000-4000-8000-000000000001',
      version: 0,
      values: { ...emptyOrderForm(), patient: 'Jane Patient' },
      updatedAt: new Date().toISOString(),
    });
    vi.mocked(callRoute).mockImplementation((async (name: string) => {
      throw new CallableError({
        route: name,
        httpStatus: 0,
        status: 'unavailable',
        message: 'The portal could not be reached. Check your connection and try again.',
      });
    }) as unknown as typeof callRoute);
    renderGuardedPage('/customer/order');

    expect(await screen.findByTestId('location', {}, { timeout: 5000 })).toHaveTextContent(
      '/auth/login?returnUrl=%2Fcustomer%2Forder',
    );
    expect(
      await screen.findByText('The portal could not be reached. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
    expect(readLocalDraft(draft)?.values.patient).toBe('Jane Patient');
  });
});
