import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import './styles/global.css';
import { App } from './app/app';
import { canHydrate } from './app/hydration';
import { startSessionEarly } from './app/providers/session-start';
import { createAppRouter, requiresSignIn } from './app/router';
import { FullPageError } from './components/full-page-error';
import { configureAmplifyOnUse } from './lib/amplify-auth';
import { loadRuntimeConfig, verifyRuntimeConfig } from './lib/runtime-config';

const container = document.getElementById('root')!;
let root: Root | null = null;

/** A prerendered page is `inert` until React owns it (scripts/prerender-html.ts says why). */
const takeOver = () => container.removeAttribute('inert');

function show(element: ReactNode): void {
  root ??= createRoot(container);
  root.render(element);
  takeOver();
}

function cannotStart(error: unknown): void {
  console.error('[lenslab] Start-up failed', error);
  show(
    <FullPageError title="The portal cannot start" details={error instanceof Error ? error.message : String(error)}>
      <p>
        Its configuration could not be loaded. Please try again in a moment; if this keeps happening, contact the lab.
      </p>
    </FullPageError>,
  );
}

async function start(): Promise<void> {
  // The runtime config comes first: without it there is no API, no user pool. index.html preloads it, so it
  // is usually here before this script is.
  const config = await loadRuntimeConfig();
  configureAmplifyOnUse(config);
  // A signed-in page's first API calls start now, while its modules load, not once React has rendered.
  const guarded = requiresSignIn(window.location.pathname);
  if (guarded) startSessionEarly();
  const router = await createAppRouter();
  // A signed-in page calls the API at once (which loads zod anyway): its config is checked before it shows. A
  // public page shows first and is checked before its first form is sent or the first navigation.
  if (guarded) await verifyRuntimeConfig();
  else {
    const verify = () => void verifyRuntimeConfig().catch(cannotStart);
    document.addEventListener('submit', verify, { capture: true, once: true });
    const stop = router.subscribe(() => {
      stop();
      verify();
    });
  }
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (canHydrate(container, window.location, config)) {
    // From here React answers events itself: one on a part not yet hydrated hydrates it first.
    root = hydrateRoot(container, app);
    takeOver();
  } else show(app);
}

start().catch(cannotStart);
