import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { useToastsNeeded } from '../lib/toasts-needed';

const AppToastContainer = lazy(() => import('./toast-container'));

/** The toast container, once the first message needs it (lib/toasts-needed.ts). */
function Toasts() {
  return useToastsNeeded() ? (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  ) : null;
}

/**
 * What surrounds the router: data cache and notifications (spec 2). The prerender (web/prerender) renders
 * the same frame around its static router, so the HTML it writes is the tree React hydrates.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}

/** The app: the frame and the router (router.tsx `createAppRouter`). The runtime config is loaded before this. */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
