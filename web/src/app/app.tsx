import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { logWarning } from '../lib/logger';
import { needToastsOnFirstInteraction, toastsFailedToLoad, useToastsNeeded } from '../lib/toasts-needed';

/** Renders nothing when the container's file could not be loaded, instead of taking the whole app down with it. */
class ToastsBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    logWarning('The message area could not be loaded', error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const loadToastContainer = () => import('./toast-container');
// React.lazy keeps a failed load, so a failure replaces it with a fresh one for the next attempt.
let ToastContainerFile = lazy(loadToastContainer);

/** The toast container, from the first interaction or message on (lib/toasts-needed.ts). */
function Toasts() {
  const needed = useToastsNeeded();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => needToastsOnFirstInteraction(), []);
  if (!needed) return null;
  return (
    <ToastsBoundary
      key={attempt}
      onError={() => {
        ToastContainerFile = lazy(loadToastContainer);
        toastsFailedToLoad();
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={null}>
        <ToastContainerFile />
      </Suspense>
    </ToastsBoundary>
  );
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
