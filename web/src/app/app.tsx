import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
// The unstyled build: the default one also injects its CSS as a <style> element, which the CSP refuses.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_CONTAINER_PROPS } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { createRouter } from './router';

/** The app: data cache, notifications (spec 2) and the router. The runtime config is loaded before this. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </QueryClientProvider>
  );
}
