import { act, screen, waitFor } from '@testing-library/react';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleOf, PORTAL_ROUTES } from '../../../web/src/app/route-table';
import { callRoute, createApiClient } from '../../../web/src/lib/api-client';
import { loadRuntimeConfig, onRuntimeConfigInvalid } from '../../../web/src/lib/runtime-config';
import { CallableError } from '../../../web/src/lib/callable-error';
import { useSession } from '../../../web/src/lib/session-context';
import {
  readSessionSnapshot,
  reviseSnapshotProfile,
  type SessionSnapshot,
} from '../../../web/src/lib/session-snapshot';
import { renderGuardedPortal } from '../support/guarded-portal';
import {
  ANN,
  annFreshAnswers,
  heldApi,
  ID_TOKEN,
  infoOf,
  keep,
  kept,
  profileOf,
  signedInAs,
} from '../support/kept-session';
import { prepareBrowser, TEST_CONFIG } from '../support/fake-session';
import { renderInSessionRouter } from '../support/session-router';

/**
 * A returning user's page shows at once from the session answers kept at their last visit
 * (web/src/lib/session-snapshot.ts), and the fresh answers replace them. Drives the real SessionProvider
 * and GuardedLayout with Amplify and the API faked; the fresh answers are held back until the test lets
 * them go, so what shows before them is observable.
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('../../../web/src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/lib/api-client')>()),
  callRoute: vi.fn(),
}));

function Dashboard() {
  const session = useSession();
  return (
    <>
      <h1>{session.customer.info?.company ?? 'no practice'}</h1>
      <button type="button" onClick={() => void session.logout({ redirect: false })}>
        Expire
      </button>
      <button type="button" onClick={() => void session.logout()}>
        Log Out
      </button>
    </>
  );
}

function renderPortal(path = '/customer/home') {
  renderGuardedPortal(
    [
      {
        path: PORTAL_ROUTES.customerHome.path,
        handle: handleOf(PORTAL_ROUTES.customerHome),
        element: <Dashboard />,
      },
      {
        path: PORTAL_ROUTES.adminHome.path,
        handle: handleOf(PORTAL_ROUTES.adminHome),
        element: <h1>Admin dashboard</h1>,
      },
    ],
    path,
  );
}

const inertShell = (element: HTMLElement) => element.closest('[inert]');

beforeEach(() => {
  prepareBrowser();
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.mocked(signOut).mockResolvedValue(undefined);
  signedInAs(ANN);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a returning user sees their page from the kept session answers, then the fresh ones', () => {
  it('spec 2 departure: shows the kept practice at once, inert (no "Verifying session..." overlay), then the fresh answer, and the page becomes usable', async () => {
    keep();
    const api = heldApi(annFreshAnswers());
    renderPortal();

    const cached = await screen.findByRole('heading', { name: 'Brightview (kept)' });
    expect(inertShell(cached)).not.toBeNull();
    expect(screen.queryByText('Verifying session...')).toBeNull();

    await api.release();
    const fresh = await screen.findByRole('heading', { name: 'Brightview Eye Care' });
    expect(inertShell(fresh)).toBeNull();
    expect(JSON.parse(kept()!).customerInfo.company).toBe('Brightview Eye Care');
  });

  it("the kept page is the first render, drawn from the stored token's claims before Amplify is asked; the check follows its paint", async () => {
    keep();
    const api = heldApi(annFreshAnswers());
    vi.mocked(fetchAuthSession).mockClear();
    renderPortal();

    expect(screen.getByRole('heading', { name: 'Brightview (kept)' })).toBeInTheDocument();
    expect(screen.queryByText('Verifying session...')).toBeNull();
    expect(fetchAuthSession).not.toHaveBeenCalled();
    await waitFor(() => expect(fetchAuthSession).toHaveBeenCalled());
    await api.release();
    expect(await screen.findByRole('heading', { name: 'Brightview Eye Care' })).toBeInTheDocument();
  });

  it('a public page starts without the kept answers (its first render is its prerendered HTML) and takes the fresh ones', async () => {
    keep();
    const api = heldApi(annFreshAnswers());
    const seen: string[] = [];
    function SignInProbe() {
      const session = useSession();
      seen.push(
        session.user ? `signed in${session.cached ? ' (kept)' : ''}` : session.checking ? 'checking' : 'signed out',
      );
      return <h1>Sign in</h1>;
    }
    renderInSessionRouter(<SignInProbe />, '/auth/login');
    expect(seen[0]).toBe('checking');
    await api.release();
    await waitFor(() => expect(seen.at(-1)).toBe('signed in'));
    expect(seen).not.toContain('signed in (kept)');
  });

  it('a stage config that fails its check stops the session check without signing the user out', async () => {
    await loadRuntimeConfig(
      (async () => new Response(JSON.stringify({ ...TEST_CONFIG, userPoolId: '' }))) as unknown as typeof fetch,
    );
    const invalid = vi.fn();
    onRuntimeConfigInvalid(invalid);
    heldApi(annFreshAnswers());
    vi.mocked(callRoute).mockClear();
    vi.mocked(signOut).mockClear();
    renderPortal();
    await waitFor(() => expect(invalid).toHaveBeenCalledTimes(1));
    expect(signOut).not.toHaveBeenCalled();
    expect(callRoute).not.toHaveBeenCalled();
  });

  it('while the kept answers show, a status line outside the inert page says the account is updating', async () => {
    keep();
    const api = heldApi(annFreshAnswers());
    renderPortal();
    await screen.findByRole('heading', { name: 'Brightview (kept)' });
    const status = screen.getByText('Updating your account…');
    expect(status).toHaveAttribute('role', 'status');
    expect(inertShell(status)).toBeNull();
    await api.release();
    await screen.findByRole('heading', { name: 'Brightview Eye Care' });
    expect(screen.queryByText('Updating your account…')).toBeNull();
  });

  it('kept answers never redirect: terms missing in the kept profile wait for the fresh one, which shows the page', async () => {
    const stale = profileOf('u-ann', ANN.email, ['customer']);
    keep({ profile: { ...stale, profile: { ...stale.profile, termsAccepted: false } } as SessionSnapshot['profile'] });
    const api = heldApi({
      getMyProfile: profileOf('u-ann', ANN.email, ['customer']), // accepted since, on another device
      getCustomerInfo: infoOf('BV-1001', 'Brightview Eye Care'),
    });
    renderPortal();
    expect(await screen.findByText('Verifying session...')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).toBeNull();
    await api.release();
    expect(await screen.findByRole('heading', { name: 'Brightview Eye Care' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('a fresh answer for another account replaces the kept one on the same page', async () => {
    keep({ customerInfo: infoOf('BV-1001', 'Old location') });
    const api = heldApi({
      getMyProfile: profileOf('u-ann', ANN.email, ['customer']),
      getCustomerInfo: infoOf('BV-2002', 'New location'),
    });
    renderPortal();
    await screen.findByRole('heading', { name: 'Old location' });
    await api.release();
    expect(await screen.findByRole('heading', { name: 'New location' })).toBeInTheDocument();
    expect(JSON.parse(kept()!).customerInfo.accountNumber).toBe('BV-2002');
  });

  it('keeps only the session answers: no token, nothing but the user id, when, the profile and customer info', async () => {
    const api = heldApi(annFreshAnswers());
    renderPortal();
    await api.release();
    await screen.findByRole('heading', { name: 'Brightview Eye Care' });
    await waitFor(() => expect(kept()).not.toBeNull());
    expect(Object.keys(JSON.parse(kept()!)).sort()).toEqual(['customerInfo', 'profile', 'savedAt', 'userId']);
    expect(kept()).not.toContain(ID_TOKEN);
    expect(kept()).not.toContain('ann-id-token');
  });
});

describe('kept answers are never shown to anyone else or for another role', () => {
  it("another user's kept answers (another sub in this browser) are never shown and are removed", async () => {
    keep({
      userId: 'u-bob',
      profile: profileOf('u-bob', 'bob@other.test', ['customer']) as SessionSnapshot['profile'],
      customerInfo: infoOf('OT-9', "Bob's practice"),
    });
    const api = heldApi(annFreshAnswers());
    renderPortal();
    expect(await screen.findByText('Verifying session...')).toBeInTheDocument();
    expect(kept()).toBeNull();
    expect(screen.queryByText("Bob's practice")).toBeNull();
    await api.release();
    expect(await screen.findByRole('heading', { name: 'Brightview Eye Care' })).toBeInTheDocument();
  });

  it("kept answers for another role than the token's are not shown: the guard decides on the fresh ones", async () => {
    signedInAs({ ...ANN, 'cognito:groups': ['admin'] });
    keep(); // kept when Ann was a customer
    const api = heldApi({ getMyProfile: profileOf('u-ann', ANN.email, ['admin']) });
    renderPortal();
    expect(await screen.findByText('Verifying session...')).toBeInTheDocument();
    expect(screen.queryByText('Brightview (kept)')).toBeNull();
    await api.release();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(kept()!).profile.groups).toEqual(['admin']));
    expect(JSON.parse(kept()!).customerInfo).toBeNull();
  });

  it("accepting the terms updates the kept profile, so the next visit does not show the terms page; only the user's own", () => {
    keep({
      profile: {
        ...profileOf('u-ann', ANN.email, ['customer']),
        profile: { ...profileOf('u-ann', ANN.email, ['customer']).profile, termsAccepted: false },
      } as SessionSnapshot['profile'],
    });
    const accept = (profile: SessionSnapshot['profile']) => ({
      ...profile,
      profile: { ...profile.profile, termsAccepted: true },
    });
    reviseSnapshotProfile('u-bob', accept);
    expect(JSON.parse(kept()!).profile.profile.termsAccepted).toBe(false);
    reviseSnapshotProfile('u-ann', accept);
    expect(JSON.parse(kept()!).profile.profile.termsAccepted).toBe(true);
  });

  it('answers kept longer ago than the idle limit are not shown (the session may have expired meanwhile)', () => {
    keep({ savedAt: Date.now() - TEST_CONFIG.session.inactivityTimeoutMs - 1 });
    const user = { userId: 'u-ann', email: ANN.email, groups: ['customer' as const], emailVerified: true };
    expect(readSessionSnapshot(user, () => TEST_CONFIG.session.inactivityTimeoutMs)).toBeNull();
    expect(kept()).toBeNull();
  });
});

describe('kept answers go when the session ends or the server refuses', () => {
  async function warmPortal() {
    keep();
    const api = heldApi({
      ...annFreshAnswers(),
      signOut: { signedOut: true, scope: 'this-session' },
    });
    renderPortal();
    await api.release();
    await screen.findByRole('heading', { name: 'Brightview Eye Care' });
    await waitFor(() => expect(kept()).not.toBeNull());
  }

  it('Log Out removes them', async () => {
    await warmPortal();
    signedInAs(null);
    await act(async () => screen.getByRole('button', { name: 'Log Out' }).click());
    await screen.findByText(/^\/auth\/login(\?|$)/);
    expect(kept()).toBeNull();
  });

  it('session expiry (the inactivity logout) removes them', async () => {
    await warmPortal();
    signedInAs(null);
    await act(async () => screen.getByRole('button', { name: 'Expire' }).click());
    await waitFor(() => expect(kept()).toBeNull());
  });

  it('a revoked session (the refresh token no longer works) removes them', async () => {
    await warmPortal();
    signedInAs(null);
    await act(async () => Hub.dispatch('auth', { event: 'tokenRefresh_failure' } as never));
    await waitFor(() => expect(kept()).toBeNull());
  });

  it('a session check that fails removes them and never leaves the kept page usable', async () => {
    keep();
    const api = heldApi({
      getMyProfile: new CallableError({
        route: 'getMyProfile',
        httpStatus: 503,
        status: 'unavailable',
        message: 'busy',
      }),
    });
    renderPortal();
    await screen.findByRole('heading', { name: 'Brightview (kept)' });
    await api.release();
    expect(await screen.findByText(/^\/auth\/login(\?|$)/)).toBeInTheDocument();
    expect(kept()).toBeNull();
  });

  /** The app's API client over a server that answers every call with this error. */
  const clientAnswering = (status: number, error: { status: string; message: string }) =>
    createApiClient({
      fetch: async () => new Response(JSON.stringify({ error }), { status }),
      apiBaseUrl: () => 'https://api.test',
      idToken: async () => ID_TOKEN,
      logout: () => {},
      timeoutMs: 1000,
      newCorrelationId: () => 'c-1',
    });

  it.each([401, 403])('an API answer %i removes them', async (status) => {
    keep();
    const call = clientAnswering(status, { status: 'permission-denied', message: 'No.' });
    await expect(call('getMyProfile', {})).rejects.toBeInstanceOf(CallableError);
    expect(kept()).toBeNull();
  });

  it('another error answer keeps them (a 500 says nothing about the session)', async () => {
    keep();
    const call = clientAnswering(500, { status: 'internal', message: 'Oops.' });
    await expect(call('getMyProfile', {})).rejects.toBeInstanceOf(CallableError);
    expect(kept()).not.toBeNull();
  });
});
