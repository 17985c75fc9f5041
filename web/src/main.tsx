/**
 * The page's only script before it is used. A prerendered public page (sign-in, sign-up...) is complete HTML:
 * the visitor reads it and types into it without the app, so the app (React, the router, the page's code:
 * about 128 KiB) loads on the first sign of use (a key, a tap, the pointer moving, a field focused) instead of
 * competing with the page's first paint. What the visitor does meanwhile is kept (web/src/app/early-input.ts).
 * Every other page, and a prerendered one the app must answer at once (a stored session to redirect, a query
 * string the HTML does not show), loads the app straight away.
 */
import './styles/global.css';
import { holdEarlyInput, onFirstIntent, takeOverHooksOf, type EarlyInput } from './app/early-input';
import { loadsAppAtOnce, MODULES_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from './app/hydration';
import { mayHoldStoredSession } from './lib/stored-session-keys';

/** Shown when the app's files could not be fetched; removed once they arrive (React hydrates the page's own HTML). */
const LOAD_ERROR_CLASS = 'boot-error';

const container = document.getElementById('root')!;
const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
const early: EarlyInput | undefined = prerendered ? holdEarlyInput(container) : undefined;
// The HTML is inert until the hold above is in place (scripts/prerender-html.ts).
container.removeAttribute('inert');

let preloaded = false;
function preloadPageModules(): void {
  if (preloaded) return; // once: a retry after a failed load finds them in <head> already
  preloaded = true;
  for (const file of container.getAttribute(MODULES_ATTRIBUTE)?.split(/\s+/).filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

function showLoadError(): void {
  if (container.querySelector(`.${LOAD_ERROR_CLASS}`)) return;
  const message = document.createElement('p');
  message.className = LOAD_ERROR_CLASS;
  message.setAttribute('role', 'alert');
  message.textContent = 'The portal could not load. Check your connection, then try again. ';
  // Chromium (150 and later) keeps a module that failed to fetch failed for the page's life, so a try in place
  // can fail however good the connection is now; loading the page afresh always works once it is back.
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload the page';
  reload.addEventListener('click', () => window.location.reload());
  message.append(reload);
  container.prepend(message);
}

let loading: Promise<unknown> | undefined;
function load(): void {
  if (loading) return;
  preloadPageModules();
  // The message stays until the app has arrived (its reload button must still be there to press), then goes
  // before React hydrates the page's own HTML.
  loading = import('./app/start').then(({ start }) => {
    container.querySelector(`.${LOAD_ERROR_CLASS}`)?.remove();
    return start(container, early && takeOverHooksOf(early));
  });
  loading.catch((error: unknown) => {
    console.error('[lenslab] The portal could not load', error);
    loading = undefined;

    early?.loadFailed();
    // A page without the prerendered HTML shows only the loader: it says so too.
    if (!early || early.holding) showLoadError();
    onFirstIntent(document, load); // the visitor's next try loads it again
  });
}

if (loadsAppAtOnce(container, window.location, mayHoldStoredSession())) load();
else onFirstIntent(document, load);
