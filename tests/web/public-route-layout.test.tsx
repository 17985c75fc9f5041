import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_ROUTES } from '../../web/src/app/route-table';
import { routes } from '../../web/src/app/router';
import { callRoute } from '../../web/src/lib/api-client';
import { fakeSession, prepareBrowser, SessionFixture } from './support/fake-session';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn(), signIn: vi.fn() }));
vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn(), setApiLogoutHandler: vi.fn() }));

/**
 * spec 2 "Public routes": any path under /auth/ or /error/, the root, /terms and the virtual consultant have no
 * session timer and no verification overlay, and their layout is only the page content. The portal's own
 * route tree renders here, with a session whose check is still running (when guarded pages show the overlay).
 */
function renderPortalAt(path: string) {
  const [root] = routes as [RouteObject];
  const { Component: _root, ...rest } = root;
  const tree: RouteObject[] = [
    {
      ...rest,
      element: (
        <SessionFixture value={fakeSession({ checking: true, user: null, profile: null })}>
          <Outlet />
        </SessionFixture>
      ),
    } as RouteObject,
  ];
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const OVERLAY = 'Verifying session...';

beforeEach(() => {
  prepareBrowser();
  vi.mocked(callRoute).mockReset();
  vi.mocked(callRoute).mockImplementation(() => new Promise(() => {}));
});
afterEach(() => vi.unstubAllGlobals());

describe('public routes: no verification overlay and no sidebar (spec 2)', () => {
  it.each([
    ['/terms', /Loading/],
    ['/auth/request', /Account number not verified|Loading/],
    ['/error/not-found', /does not exist or has moved/],
    [PORTAL_ROUTES.virtualConsultant.path, /Ampleye Virtual Consultant/],
    ['/no-such-page', /does not exist or has moved/],
  ])('%s renders only its content while the session check runs', async (path, content) => {
    renderPortalAt(path);
    expect((await screen.findAllByText(content, {}, { timeout: 3000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText(OVERLAY)).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('a guarded page, by contrast, shows the overlay while the session check runs', async () => {
    renderPortalAt('/customer/home');
    expect(await screen.findByText(OVERLAY)).toBeInTheDocument();
  });
});
