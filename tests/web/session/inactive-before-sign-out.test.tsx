import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../../web/src/lib/api-client';
import { beforeSignOut } from '../../../web/src/lib/before-sign-out';
import { setRuntimeConfig } from '../../../web/src/lib/runtime-config';
import { useSession } from '../../../web/src/lib/session-context';
import { amplifySignedIn } from '../support/amplify-session';
import { TEST_CONFIG } from '../support/fake-session';
import { renderInSessionRouter } from '../support/session-router';

/**
 * spec 3, 4: a logout marks the activity record 'inactive' before the session ends server-side, since the
 * write needs the token that `signOut` revokes. Drives the real SessionProvider with Amplify and the API faked.
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('../../../web/src/lib/api-client', () => ({ callRoute: vi.fn(), setApiLogoutHandler: vi.fn() }));

const USER = { sub: 'a-lab', email: 'lab@lenslab.test', 'cognito:groups': ['admin'], email_verified: true };
const steps: string[] = [];
let removeTask: () => void = () => {};

const signedIn = (yes: boolean) => amplifySignedIn(yes ? USER : null);

function Probe() {
  const session = useSession();
  return (
    <div>
      <span>{session.user ? 'signed in' : 'signed out'}</span>
      <button type="button" onClick={() => void session.logout()}>
        Log Out
      </button>
    </div>
  );
}

beforeEach(() => {
  // The session's calls check the stage's config first (app/providers/session-start.ts).
  setRuntimeConfig(TEST_CONFIG);
  steps.length = 0;
  vi.mocked(signOut).mockImplementation(async () => void steps.push('local sign-out'));
  vi.mocked(callRoute).mockImplementation((async (name: string) => {
    if (name === 'signOut') {
      steps.push('server sign-out');
      return { signedOut: true, scope: 'this-session' };
    }
    if (name === 'getMyProfile')
      return {
        profile: { userId: 'a-lab', email: USER.email, firstName: 'Lab', lastName: 'Admin', accountNumbers: [] },
        groups: ['admin'],
        emailVerified: true,
      };
    throw new Error(`unexpected call to ${name}`);
  }) as unknown as typeof callRoute);
  removeTask = beforeSignOut(async () => {
    await Promise.resolve();
    steps.push('activity inactive');
  });
});

afterEach(() => removeTask());

/** A page that logs out from its first effect with a user, as the inactivity check does at start-up. */
function LogsOutOnArrival() {
  const { user, logout } = useSession();
  useEffect(() => {
    if (user) void logout({ redirect: false });
  }, [user, logout]);
  return <span>{user ? 'signed in' : 'signed out'}</span>;
}

describe('logout and the activity record', () => {
  it("Log Out writes the record 'inactive' first, then ends the session on the server, then locally", async () => {
    signedIn(true);
    renderInSessionRouter(<Probe />, '/admin/home');
    await screen.findByText('signed in', {}, { timeout: 5000 });
    signedIn(false);
    await act(async () => screen.getByRole('button', { name: 'Log Out' }).click());
    await screen.findByText('signed out', {}, { timeout: 5000 });
    expect(steps).toEqual(['activity inactive', 'server sign-out', 'local sign-out']);
  });

  it('a logout asked for by a page as soon as it shows its user still ends the session on the server', async () => {
    signedIn(true);
    renderInSessionRouter(<LogsOutOnArrival />, '/admin/home');
    await waitFor(() => expect(steps).toContain('local sign-out'), { timeout: 5000 });
    expect(steps).toEqual(['activity inactive', 'server sign-out', 'local sign-out']);
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });
});
