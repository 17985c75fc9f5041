/**
 * The attributes the prerender writes on `#root` (scripts/prerender-html.ts) and the browser reads (main.tsx,
 * hydration.ts). No DOM types here: the build's Node scripts import it too.
 */

/** The path the HTML was rendered for; taken off once the app owns the page (app/start.tsx). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** The scripts main.tsx preloads when the visitor starts using the page. */
export const MODULES_ATTRIBUTE = 'data-modules';
