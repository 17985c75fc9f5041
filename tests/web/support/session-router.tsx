import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../../../web/src/app/providers/session-provider';

/**
 * `element` under the real SessionProvider in a data router, as the app has it (the provider reads the matched
 * routes), opened at `path`. Every path shows `element`, so it stays on screen when a logout navigates.
 */
export function renderInSessionRouter(element: ReactNode, path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: [{ path: '*', element }],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
