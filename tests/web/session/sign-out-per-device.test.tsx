import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn, signOut } from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES } from '../../../core/messages';
import LoginRoute from '../../../web/src/app/routes/auth/login';
import { SignOutEverywhereCard } from '../../../web/src/features/settings/components/sign-out-everywhere-card';
import { callRoute } from '../../../web/src/lib/api-client';
import { CallableError } from '../../../web/src/lib/callable-error';
import { setRuntimeConfig } from '../../../web/src/lib/runtime-config';
import { apiLogout } from '../../../web/src/lib/api-logout';
import { useSession, type SignedOutState } from '../../../web/src/lib/session-context';
import { useLocation } from 'react-router-dom';
import { amplifySignedIn, BRIGHTVIEW_USER, brightviewProfileAnswer } from '../support/amplify-session';
import { TEST_CONFIG } from '../support/fake-session';
import { SessionProbe } from '../support/session-probe';
import { infoOf } from '../support/kept-session';
import { renderInSessionRouter } from '../support/session-router';

/**
 * Log Out ends this device's session only; Settings' "Sign out everywhere" ends all of them; a sign-in the server
 * refuses says why on the page (docs/decisions/0019-sign-out-per-device.md). Drives the real SessionProvider with
 * Amplify and the API faked.
 */
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
}));
vi.mock('../../../web/src/lib/api-client', () => ({ callRoute: vi.fn(), setApiLogoutHandler: vi.fn() }));

const USER = BRIGHTVIEW_USER;
const ROUTES: Record<string, unknown> = {
  getMyProfile: brightviewProfileAnswer(),
  getCustomerInfo: infoOf('BV-1001', 'Brightview Eye Care'),
  signOut: { signedOut: true, scope: 'this-session' },
};

const signedIn = (yes: boolean) => amplifySignedIn(yes ? USER : null);

const Probe = () => (
  <SessionProbe
    more={(session) => <SignOutEverywhereCard onSignOutEverywhere={() => session.logout({ everywhere: true })} />}
  />
);

const signOutCalls = () => vi.mocked(callRoute).mock.calls.filter(([name]) => name === 'signOut');

beforeEach(() => {
  setRuntimeConfig(TEST_CONFIG);
  localStorage.clear();
  vi.mocked(signOut).mockReset().mockResolvedValue(undefined);
  vi.mocked(callRoute)
    .mockReset()
    .mockImplementation((async (name: string) => ROUTES[name]) as unknown as typeof callRoute);
});

describe('Log Out and Sign out everywhere', () => {
  it("Log Out ends this device's session on the server (signOut without everywhere), then Amplify's sign-out revokes its refresh token", async () => {
    signedIn(true);
    renderInSessionRouter(<Probe />, '/settings');
    await screen.findByText('signed in as ann@brightview.test', {}, { timeout: 5000 });
    signedIn(false);
    await act(async () => screen.getByRole('button', { name: 'Log Out' }).click());
    await screen.findByText('signed out');
    expect(signOutCalls()).toEqual([['signOut', {}]]);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(vi.mocked(signOut).mock.calls[0]).toEqual([]);
  });

  it('"Sign out everywhere" asks the server to end every session, then signs out here', async () => {
    signedIn(true);
    renderInSessionRouter(<Probe />, '/settings');
    await screen.findByText('signed in as ann@brightview.test', {}, { timeout: 5000 });
    signedIn(false);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByText('signed out');
    expect(signOutCalls()).toEqual([['signOut', { everywhere: true }]]);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('"Sign out everywhere" that the server could not do says so, and the user stays signed in to try again', async () => {
    signedIn(true);
    renderInSessionRouter(<Probe />, '/settings');
    await screen.findByText('signed in as ann@brightview.test', {}, { timeout: 5000 });
    vi.mocked(callRoute).mockImplementation((async (name: string) => {
      if (name === 'signOut') {
        throw new CallableError({ route: name, httpStatus: 503, status: 'unavailable', message: '' });
      }
      return ROUTES[name];
    }) as unknown as typeof callRoute);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_MESSAGES.everywhereFailed);
    expect(screen.getByText('signed in as ann@brightview.test')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });
});

function WhereAmI() {
  const location = useLocation();
  const session = useSession();
  return (
    <p>
      {session.user ? 'signed in' : 'signed out'} at {location.pathname}:{' '}
      {(location.state as SignedOutState | null)?.sessionEnded ?? 'no message'}
    </p>
  );
}

describe('nothing ends in silence', () => {
  it('an API answer that ends the session lands on the sign-in page with the reason', async () => {
    signedIn(true);
    renderInSessionRouter(<WhereAmI />, '/customer/home');
    await screen.findByText(/^signed in at \/customer\/home/);
    signedIn(false);
    act(() => apiLogout('unauthenticated'));
    expect(await screen.findByText(`signed out at /auth/login: ${SESSION_MESSAGES.endedByServer}`)).toBeInTheDocument();
  });

  it("shows the server's reason in the sign-in page, not only in a toast, and the user stays on the form", async () => {
    signedIn(false);
    vi.mocked(signIn).mockImplementation((async () => {
      signedIn(true);
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    }) as never);
    vi.mocked(callRoute).mockImplementation((async (name: string) => {
      throw new CallableError({
        route: name,
        httpStatus: 401,
        status: 'unauthenticated',
        message: SESSION_MESSAGES.ended,
      });
    }) as unknown as typeof callRoute);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInSessionRouter(<LoginRoute />, '/auth/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@brightview.test');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Secret!2025');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `${SESSION_MESSAGES.signInRefused} ${SESSION_MESSAGES.ended}`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
