import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { callRoute } from '../../../web/src/lib/api-client';

/**
 * The fake API and the providers the web tests render screens in. The test file itself must mock the client
 * (`vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }))`: vi.mock is hoisted per file),
 * and reset it in `beforeEach`; these helpers then drive that mock.
 */

/** One route's fake answer: its return value (or a thrown CallableError) is what `callRoute` gives back. */
export type Handler = (input: Record<string, unknown>) => unknown;

/** `callRoute` answers each named route with its handler; a call to any other route fails the test. */
export function answer(routes: Record<string, Handler>): void {
  vi.mocked(callRoute).mockImplementation((async (...args: unknown[]) => {
    const [name, input] = args as [string, Record<string, unknown>];
    const handler = routes[name];
    if (!handler) throw new Error(`unexpected call to ${name}`);
    return handler(input);
  }) as unknown as typeof callRoute);
}

/** The inputs sent to one route, in call order. */
export const callsTo = (name: string) =>
  vi
    .mocked(callRoute)
    .mock.calls.filter(([route]) => route === name)
    .map(([, input]) => input as Record<string, unknown>);

/**
 * `ui` inside a fresh QueryClient that never retries, so a refused call shows its error at once. Rendering
 * the returned element again (after an unmount) keeps the same client and its cache.
 */
export function withQueries(ui: ReactNode): ReactElement {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>;
}

/** Renders `element` as the page at `routePath`, opened at `path`; returns the user to drive it. */
export function renderAt(path: string, routePath: string, element: ReactNode) {
  // A data router, as the app uses: pages that guard unsaved changes (useBlocker) need one.
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [path] });
  render(withQueries(<RouterProvider router={router} />));
  return userEvent.setup();
}
