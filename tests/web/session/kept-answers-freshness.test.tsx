import { screen, waitFor } from '@testing-library/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCustomerInfoQueryOptions } from '../../../web/src/features/customers/api/get-customer-info';
import { handleOf, PORTAL_ROUTES } from '../../../web/src/app/route-table';
import { configureAmplifyOnUse } from '../../../web/src/lib/amplify-auth';
import { callRoute } from '../../../web/src/lib/api-client';
import { createQueryClient } from '../../../web/src/lib/query-client';
import { useSession } from '../../../web/src/lib/session-context';
import { renderGuardedPortal } from '../support/guarded-portal';
import { prepareBrowser, TEST_CONFIG } from '../support/fake-session';
import { ANN, annFreshAnswers, heldApi, keep, kept, signedInAs } from '../support/kept-session';

/**
 * The kept session answers (web/src/lib/session-snapshot.ts) are only ever an old copy: they enter React
 * Query dated when they were kept, and fresh answers that arrive after the session ended (a sign-out in
 * another tab removed the stored tokens) are not kept. Amplify is configured for the test stage, so the
 * provider sees the stored tokens exactly as in a browser (amplify-auth.ts `mayHaveStoredSession`).
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));
vi.mock('../../../web/src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/lib/api-client')>()),
  callRoute: vi.fn(),
}));

/** Amplify's stored tokens of Ann for the test stage's user pool client. */
const TOKEN_PREFIX = `CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}.`;
const storeAnnsTokens = () => {
  localStorage.setItem(`${TOKEN_PREFIX}LastAuthUser`, ANN.sub);
  localStorage.setItem(`${TOKEN_PREFIX}${ANN.sub}.idToken`, 'stored-id-token');
};
/** What Amplify's sign-out in another tab leaves in the shared localStorage: no token of the client. */
const signOutInAnotherTab = () => {
  for (const key of Object.keys(localStorage)) if (key.startsWith(TOKEN_PREFIX)) localStorage.removeItem(key);
  signedInAs(null);
};

const page: { queryClient?: QueryClient } = {};

function Dashboard() {
  page.queryClient = useQueryClient();
  return <h1>{useSession().customer.info?.company ?? 'no practice'}</h1>;
}

function renderPortal() {
  renderGuardedPortal(
    [{ path: PORTAL_ROUTES.customerHome.path, handle: handleOf(PORTAL_ROUTES.customerHome), element: <Dashboard /> }],
    '/customer/home',
  );
}

const customerInfoQuery = () =>
  page.queryClient!.getQueryCache().find({ queryKey: getCustomerInfoQueryOptions('u-ann').queryKey, exact: true })!;

beforeEach(() => {
  prepareBrowser();
  localStorage.clear();
  configureAmplifyOnUse(TEST_CONFIG);
  storeAnnsTokens();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.mocked(signOut).mockResolvedValue(undefined);
  signedInAs(ANN);
  vi.mocked(callRoute).mockClear(); // each test sees only its own calls
  page.queryClient = undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('kept session answers are an old copy, never fresh data', () => {
  it('enter the query cache dated when they were kept (savedAt), so they are stale and the fresh answer replaces them', async () => {
    const { savedAt } = keep();
    const api = heldApi(annFreshAnswers());
    renderPortal();

    await screen.findByRole('heading', { name: 'Brightview (kept)' });
    const keptQuery = customerInfoQuery();
    expect(keptQuery.state.data).toMatchObject({ company: 'Brightview (kept)' });
    expect(keptQuery.state.dataUpdatedAt).toBe(savedAt);
    // A reader with the app's stale time asks again instead of taking the copy for fresh.
    const appStaleTime = createQueryClient().getDefaultOptions().queries?.staleTime;
    expect(typeof appStaleTime).toBe('number');
    expect(keptQuery.isStaleByTime(appStaleTime as number)).toBe(true);
    // The check that asks for fresh answers starts once the kept page has painted.
    await waitFor(() => expect(callRoute).toHaveBeenCalledWith('getCustomerInfo', expect.anything()));

    const beforeFresh = Date.now();
    await api.release();
    await screen.findByRole('heading', { name: 'Brightview Eye Care' });
    expect(customerInfoQuery().state.data).toMatchObject({ company: 'Brightview Eye Care' });
    expect(customerInfoQuery().state.dataUpdatedAt).toBeGreaterThanOrEqual(beforeFresh);
  });

  it('fresh answers that arrive after a sign-out in another tab removed the stored tokens are not kept', async () => {
    keep();
    const api = heldApi(annFreshAnswers());
    renderPortal();
    await screen.findByRole('heading', { name: 'Brightview (kept)' });
    // The check is on its way (it starts once the kept page has painted) when the other tab signs out.
    await waitFor(() => expect(callRoute).toHaveBeenCalled());

    signOutInAnotherTab();
    await api.release();
    await screen.findByRole('heading', { name: 'Brightview Eye Care' });

    expect(kept()).toBeNull();
  });

  it('with the tokens still stored, the fresh answers are kept for the next visit', async () => {
    keep();
    const api = heldApi(annFreshAnswers());
    renderPortal();
    await screen.findByRole('heading', { name: 'Brightview (kept)' });

    await api.release();
    await screen.findByRole('heading', { name: 'Brightview Eye Care' });

    expect(JSON.parse(kept()!).customerInfo.company).toBe('Brightview Eye Care');
  });
});
