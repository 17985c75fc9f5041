import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router-dom';
// The unstyled build: the default one also injects its CSS as a <style> element, which the CSP refuses.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_CONTAINER_PROPS } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';

/**
 * What surrounds the router: data cache and notifications (spec 2). The prerender (web/prerender) renders
 * the same frame around its static router, so the HTML it writes is the tree React hydrates.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
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
