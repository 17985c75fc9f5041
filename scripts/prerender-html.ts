/**
 * The HTML file of a prerendered page (scripts/prerender-plugin.ts): the built index.html with the page's
 * markup in `#root` (marked for hydration, web/src/app/hydration.ts), its title, and its CSS inlined (the
 * entry's, the app start's and its route modules': the page paints from the HTML alone, and the CSP allows the
 * style element by its hash, infra/prerendered-build.ts). Its only script is the entry (web/src/main.tsx), a
 * few KiB: the app and the page's modules are named in `#root`'s `data-modules`, which the entry preloads all
 * at once on the visitor's first sign of use, so that chain is one round trip deep (the runtime config is
 * preloaded by index.html itself).
 */
import type { Manifest } from 'vite';
import { cspHash } from '../infra/csp-hash.ts';
import { MODULES_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../web/src/app/prerender-attributes.ts';

/** index.html's `#root` with the loader between the markers the page replaces (whatever the whitespace). */
const ROOT = /<div id="root">\s*<!--app-->[\s\S]*?<!--\/app-->\s*<\/div>/;

export interface PrerenderedPageInput {
  path: string;
  title: string;
  markup: string;
  /** The modules the page needs to run (the app's start, the router's page modules), as manifest keys. */
  modules: readonly string[];
}

export interface PrerenderedPage {
  html: string;
  /** The CSP hash source of the page's style element. */
  styleHash: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The JS and CSS files of `modules` and everything they import statically, in manifest order. */
export function moduleFiles(manifest: Manifest, modules: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest.`);
    if (seen.has(key)) return;
    seen.add(key);
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return { js: [...js], css: [...css] };
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/([^"]+)"[^>]*>\s*/g;

/**
 * The page's file. `readAsset` reads a built file by its path below the build folder (`assets/x.css`).
 */
export function prerenderedPage(
  template: string,
  manifest: Manifest,
  page: PrerenderedPageInput,
  readAsset: (file: string) => string,
): PrerenderedPage {
  if (!ROOT.test(template)) throw new Error('index.html has no <div id="root"><!--app-->…<!--/app--></div>.');
  if (!/<title>[^<]*<\/title>/.test(template)) throw new Error('index.html has no <title>.');
  // React sets style props through the CSSOM, which the CSP allows; in HTML they are style attributes, which
  // it refuses: the page would show unstyled parts until hydrated.
  if (/<[^>]+\sstyle="/.test(page.markup))
    throw new Error(`${page.path} renders a style attribute: the CSP refuses it.`);

  const entrySheets = [...template.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
  const files = moduleFiles(manifest, page.modules);
  const css = [...new Set([...entrySheets, ...files.css])].map(readAsset).join('\n');
  if (css.includes('</style')) throw new Error(`${page.path}: its CSS cannot be inlined (it contains "</style").`);
  const named = (file: string) => template.includes(`"/${file}"`);
  const head = [`<style>${css}</style>`];
  const modules = files.js
    .filter((f) => !named(f))
    .map((f) => `/${f}`)
    .join(' ');
  // `inert` until the entry holds what the visitor does (main.tsx removes it): a form sent before then would be
  // submitted by the browser itself, as a GET with the password in the address.
  const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeHtml(page.path)}" ${MODULES_ATTRIBUTE}="${escapeHtml(modules)}" inert>${page.markup}</div>`;
  const html = template
    .replace(ROOT, () => root)
    .replace(STYLESHEET_LINK, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${head.map((line) => `    ${line}\n`).join('')}  </head>`);
  return { html, styleHash: cspHash(css) };
}

/**
 * The HTML shell of a signed-in page: index.html naming the page's modules as module preloads, so the browser
 * fetches them beside the entry instead of one import after another. Its content is the usual loader (the
 * page draws itself from the session: the one kept at the user's last visit, or the one the check loads).
 * Their CSS is not linked: render-blocking sheets delayed the loader's paint by 2.4 s in the bench. The modules
 * add it when they run and wait for it, so it is preloaded instead (not render-blocking), and so are the `images` the page shows at once (paths below the site root): fetched only
 * once the entry had run, they were the last requests before the page painted (`npm run bench:web`).
 */
export function shellPage(
  template: string,
  manifest: Manifest,
  modules: readonly string[],
  images: readonly string[] = [],
): string {
  const files = moduleFiles(manifest, modules);
  const named = (file: string) => template.includes(`"/${file}"`);
  const head = [
    // crossorigin as Vite's own <link rel="stylesheet" crossorigin>, so that request finds this one's answer.
    ...files.css.filter((f) => !named(f)).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ...files.js.filter((f) => !named(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...images.map((src) => `<link rel="preload" as="image" href="${escapeHtml(src)}">`),
  ];
  return template.replace('</head>', () => `${head.map((line) => `    ${line}\n`).join('')}  </head>`);
}

/** Where a page's file goes under the build folder: `/auth/login` is `auth/login/index.html`. */
export const prerenderedFile = (path: string) => `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
