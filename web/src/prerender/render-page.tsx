/**
 * The server side of the prerender (scripts/prerender-plugin.ts builds this for Node and runs it after the
 * browser build): one public page rendered to HTML inside the app's own frame and route tree, with the config
 * of hydration.ts, so what the browser shows first is what React hydrates.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppFrame } from '../app/app';
import { titleOf } from '../app/document-title';
import { PRERENDER_CONFIG } from '../app/hydration';
import { LOGO_SRC } from '../components/logo';
import { APP_NAME, documentTitle, PRERENDERED_PATHS, SHELL_PATHS } from '../app/route-table';
import { pageModulesOf, routes } from '../app/router';
import { setRuntimeConfig } from '../lib/runtime-config';

export { PRERENDERED_PATHS, SHELL_PATHS };

/**
 * What a signed-in page loads before it shows, besides its page module (main.tsx, app/start.tsx, router.tsx, root.tsx,
 * the session provider): the guard and layout. A returning user's page is drawn from the session kept at their
 * last visit (app/providers/kept-session.ts); Amplify, the session's API calls, the route table, zod and the
 * config check load once it has painted, and are not preloaded: requested beside what the page needs, they
 * delayed its paint (`npm run bench:web`). Nor are the session timers (root.tsx).
 */
const SIGNED_IN_MODULES = ['src/app/guarded-layout.tsx'];

/** The images every signed-in page shows at once (the loader's and the header's logo), preloaded by its shell. */
export const SHELL_IMAGES: readonly string[] = [LOGO_SRC];

/** The modules a signed-in page's shell names for preloading (build manifest keys). */
export const shellModulesOf = (path: string): string[] => [...SIGNED_IN_MODULES, ...pageModulesOf(path)];

export interface RenderedPage {
  path: string;
  /** The document title the page sets once running (document-title.tsx). */
  title: string;
  /** The markup of `#root`. */
  markup: string;
  /** The page modules the router loads for the path (build manifest keys). */
  modules: string[];
}

export async function renderPage(path: string): Promise<RenderedPage> {
  setRuntimeConfig(PRERENDER_CONFIG);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}: it cannot be prerendered.`);
  if (context.statusCode !== 200) throw new Error(`${path} renders status ${context.statusCode}.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <AppFrame>
        {/* No hydration script: the CSP allows no inline script, and the routes have no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  const title = titleOf(context.matches.map((match) => ({ handle: match.route.handle, params: match.params })));
  return { path, title: title ? documentTitle(title) : APP_NAME, markup, modules: pageModulesOf(path) };
}
