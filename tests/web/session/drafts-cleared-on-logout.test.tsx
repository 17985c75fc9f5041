import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from 'aws-amplify/auth';
import { draftStorageKey, readLocalDraft, writeLocalDraft } from '../../../web/src/features/orders/model/local-draft';
import { emptyOrderForm } from '../../../web/src/features/orders/model/order-form-values';
import { callRoute } from '../../../web/src/lib/api-client';
import { setRuntimeConfig } from '../../../web/src/lib/runtime-config';
import { amplifySignedIn, BRIGHTVIEW_USER, brightviewProfileAnswer } from '../support/amplify-session';
import { TEST_CONFIG } from '../support/fake-session';
import { SessionProbe } from '../support/session-probe';
import { infoOf } from '../support/kept-session';
import { renderInSessionRouter } from '../support/session-router';

/**
 * Order drafts hold patient names, so the browser's copies go when the session ends (the
 * server copy stays). Drives the real SessionProvider with Amplify and the API faked.
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('../../../web/src/lib/api-client', () => ({ callRoute: vi.fn(), setApiLogoutHandler: vi.fn() }));

const USER = BRIGHTVIEW_USER;
const ROUTES: Record<string, unknown> = {
  getMyProfile: brightviewProfileAnswer({ accountNumbers: ['BV-1002'] }),
  getCustomerInfo: { ...infoOf('BV-1001', 'Brightview Eye Care'), additionalAccounts: ['BV-1002'] },
  signOut: { signedOut: true, scope: 'this-session' },
};

const signedIn = (yes: boolean) => amplifySignedIn(yes ? USER : null);

function keepDraft(userId: string, account: string, patient: string) {
  const key = draftStorageKey(userId, account);
  writeLocalDraft(key, {
    orderId: '00000000-0000-4000-8000-000000000001',
    version: 0,
    values: { ...emptyOrderForm(), patient },
    updatedAt: new Date().toISOString(),
  });
  return key;
}

const Probe = () => (
  <SessionProbe
    more={(session) => (
      <button type="button" onClick={() => void session.logout({ redirect: false })}>
        Expire
      </button>
    )}
  />
);

function renderSession() {
  return renderInSessionRouter(<Probe />, '/customer/order');
}

beforeEach(() => {
  // The session's calls check the stage's config first (app/providers/session-start.ts).
  setRuntimeConfig(TEST_CONFIG);
  localStorage.clear();
  vi.mocked(signOut).mockResolvedValue(undefined);
  vi.mocked(callRoute).mockImplementation((async (name: string) => ROUTES[name]) as unknown as typeof callRoute);
});

describe('order drafts in browser storage end with the session', () => {
  it('Log Out removes every order draft kept in this browser, and keeps the device id and sidebar choice', async () => {
    signedIn(true);
    const main = keepDraft('u-ann', 'BV-1001', 'Jane Patient');
    const other = keepDraft('u-ann', 'BV-1002', 'John Patient');
    localStorage.setItem('deviceId', 'device-1234');
    localStorage.setItem('sidebarCollapsed', 'true');
    renderSession();
    expect(await screen.findByText('signed in as ann@brightview.test')).toBeInTheDocument();
    expect(readLocalDraft(main)?.values.patient).toBe('Jane Patient');

    signedIn(false);
    await act(async () => screen.getByRole('button', { name: 'Log Out' }).click());
    await screen.findByText('signed out');
    expect(readLocalDraft(main)).toBeNull();
    expect(readLocalDraft(other)).toBeNull();
    expect(JSON.stringify(localStorage)).not.toContain('Patient');
    expect(localStorage.getItem('deviceId')).toBe('device-1234');
    expect(localStorage.getItem('sidebarCollapsed')).toBe('true');
    expect(vi.mocked(callRoute).mock.calls.map(([name]) => name)).toContain('signOut');
  });

  it('an expired session (the inactivity timer logs out without redirect) removes the drafts too', async () => {
    signedIn(true);
    const key = keepDraft('u-ann', 'BV-1001', 'Jane Patient');
    renderSession();
    await screen.findByText('signed in as ann@brightview.test');
    signedIn(false);
    await act(async () => screen.getByRole('button', { name: 'Expire' }).click());
    await screen.findByText('signed out');
    expect(readLocalDraft(key)).toBeNull();
  });

  it('a session that expired while the browser was closed: the next start finds no user and removes the drafts', async () => {
    signedIn(false);
    const key = keepDraft('u-ann', 'BV-1001', 'Jane Patient');
    renderSession();
    await screen.findByText('signed out');
    await waitFor(() => expect(readLocalDraft(key)).toBeNull());
  });
});
