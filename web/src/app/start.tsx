/**
 * The app's start, loaded by main.tsx: reads the runtime config, builds the router and lets React take over
 * `#root`, hydrating a prerendered page or rendering afresh.
 */
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { canHydrate, PRERENDERED_ATTRIBUTE } from './hydration';
import { keptSession } from './providers/kept-session';
import { startSessionEarly } from './providers/session-start';
import { createAppRouter, requiresSignIn } from './router';
import { FullPageError } from '../components/full-page-error';
import { afterNextPaint } from '../lib/after-next-paint';
import { configureAmplifyOnUse } from '../lib/amplify-auth';
import { holdUntilFirstPaint } from '../lib/first-paint-hold';
import { loadRuntimeConfig, onRuntimeConfigInvalid, verifyRuntimeConfig } from '../lib/runtime-config';

/** main.tsx's part in the take-over of a prerendered page (web/src/app/early-input.ts). */
export interface TakeOverHooks {
  /** Just before React takes `#root` over. */
  beforeTakeOver(): void;
  /** Once React has committed its first render there (its handlers answer from now on). */
  takenOver(): void;
  /** The start failed: the page shows why instead (the HTML's own form stays held until it is gone). */
  failed(): void;
}

/**
 * Tells main.tsx as React commits its first render, in a layout effect: every ref and handler is attached by
 * then, and no re-render has yet set a controlled field back to its state's value (its first one would empty
 * a field typed into before React owned it).
 */
function TakenOver({ then, children }: { then: () => void; children: ReactNode }) {
  useLayoutEffect(then, [then]);
  return children;
}

const roots = new WeakMap<HTMLElement, Root>();

function show(container: HTMLElement, element: ReactNode): void {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(element);
}

function cannotStart(container: HTMLElement, error: unknown): void {
  console.error('[lenslab] Start-up failed', error);
  show(
    container,
    <FullPageError title="The portal cannot start" details={error instanceof Error ? error.message : String(error)}>
      <p>
        Its configuration could not be loaded. Please try again in a moment; if this keeps happening, contact the lab.
      </p>
    </FullPageError>,
  );
}

async function takeOver(container: HTMLElement, hooks: TakeOverHooks | undefined): Promise<void> {
  // The runtime config comes first: without it there is no API, no user pool. index.html preloads it, so it
  // is usually here before this script is.
  const config = await loadRuntimeConfig();
  onRuntimeConfigInvalid((error) => cannotStart(container, error));
  configureAmplifyOnUse(config);
  const guarded = requiresSignIn(window.location.pathname);
  // A returning user's signed-in page shows the session kept at their last visit first, drawn without Amplify,
  // the API client or zod: all three load once it has painted (providers/kept-session.ts).
  const showsKept = guarded && keptSession() !== null;
  // Any other signed-in page's first API calls start now, while its modules load, not once React has rendered.
  if (guarded && !showsKept) startSessionEarly();
  const router = await createAppRouter();
  // A signed-in page calls the API at once (which loads zod anyway): its config is checked before it shows, or
  // as soon as the kept page has painted. A public page shows first and is checked before its first form is
  // sent or the first navigation.
  // A failure shows the page onRuntimeConfigInvalid set above.
  const verify = () => void verifyRuntimeConfig().catch(() => undefined);
  let painted: (() => void) | undefined;
  if (showsKept) {
    // So do the page's own first API calls and the code of its parts that wait for their answers.
    const release = holdUntilFirstPaint();
    painted = () => {
      release();
      verify();
    };
  } else if (guarded) await verifyRuntimeConfig();
  else {
    document.addEventListener('submit', verify, { capture: true, once: true });
    const stop = router.subscribe(() => {
      stop();
      verify();
    });
  }
  let done = false;
  const takenOver = () => {
    if (done) return; // StrictMode runs effects twice in development
    done = true;
    // From here the page is the app's, not the HTML's: a page still marked prerendered has no app running yet.
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    if (painted) afterNextPaint(painted);
    hooks?.takenOver();
  };
  const app = (
    <StrictMode>
      <TakenOver then={takenOver}>
        <App router={router} />
      </TakenOver>
    </StrictMode>
  );
  hooks?.beforeTakeOver();
  // From here React answers events itself: one on a part not yet hydrated hydrates it first.
  if (canHydrate(container, window.location, config)) roots.set(container, hydrateRoot(container, app));
  else show(container, app);
}

/** Takes `container` over; a start that fails shows why instead. Resolves to the React root now rendering there. */
export async function start(container: HTMLElement, hooks?: TakeOverHooks): Promise<Root | undefined> {
  try {
    await takeOver(container, hooks);
  } catch (error) {
    cannotStart(container, error);
    hooks?.failed();
  }
  return roots.get(container);
}
