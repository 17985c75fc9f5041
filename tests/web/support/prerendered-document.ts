import { PRERENDERED_ATTRIBUTE } from '../../../web/src/app/hydration';
import { renderPage } from '../../../web/src/prerender/render-page';

/** The browser's view of a prerendered page before any script ran: its HTML in `#root`, at its path. */
export async function prerenderedDocument(path: string) {
  const page = await renderPage(path);
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(PRERENDERED_ATTRIBUTE, path);
  container.innerHTML = page.markup;
  document.body.append(container);
  return { page, container };
}
