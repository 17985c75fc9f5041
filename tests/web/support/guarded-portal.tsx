import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { GuardedLayout } from '../../../web/src/app/guarded-layout';
import { SessionProvider } from '../../../web/src/app/providers/session-provider';

/** Where the guard sent the user: any path outside `pages` lands here, with its search. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * The real SessionProvider and GuardedLayout around `pages` (the guarded routes), opened at `path`, with a
 * fresh query client; `beside` renders next to the router (e.g. the toast container).
 */
export function renderGuardedPortal(pages: RouteObject[], path: string, beside?: ReactNode): void {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [
          { Component: GuardedLayout, children: pages },
          { path: '*', element: <WhereAmI /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      {beside}
    </QueryClientProvider>,
  );
}
