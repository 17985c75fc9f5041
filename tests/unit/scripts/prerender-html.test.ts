import { describe, expect, test } from 'vitest';
import type { Manifest } from 'vite';
import { cspHash } from '../../../infra/csp-hash';
import { moduleFiles, prerenderedFile, prerenderedPage, shellPage } from '../../../scripts/prerender-html';

/** index.html as Vite builds it: the entry script, its module preloads and its style sheet. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <link rel="preload" href="/config.json" as="fetch" crossorigin />
    <title>Lenslab Portal</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root">
      <!--app-->
      <div class="boot-loader">Loading…</div>
      <!--/app-->
    </div>
  </body>
</html>`;

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_field-1.js': { file: 'assets/field-1.js', css: ['assets/field-1.css'], imports: ['_react-1.js'] },
  'src/app/routes/auth/login.tsx': {
    file: 'assets/login-1.js',
    src: 'src/app/routes/auth/login.tsx',
    isDynamicEntry: true,
    imports: ['_field-1.js', '_react-1.js'],
    css: ['assets/login-1.css'],
  },
};
const CSS: Record<string, string> = {
  'assets/index-1.css': 'body{margin:0}',
  'assets/login-1.css': '._card_1{padding:1rem}',
  'assets/field-1.css': '._label_1{font-weight:600}',
};
const readAsset = (file: string) => {
  const css = CSS[file];
  if (css === undefined) throw new Error(`no ${file}`);
  return css;
};

const LOGIN = {
  path: '/auth/login',
  title: 'Authentication | Lenslab Portal',
  markup: '<main><form><label for="e">Email</label><input id="e"/><label for="p">Password</label></form></main>',
  modules: ['src/app/routes/auth/login.tsx'],
};

describe('the prerendered HTML of a public page', () => {
  const { html, styleHash } = prerenderedPage(TEMPLATE, MANIFEST, LOGIN, readAsset);

  test('holds the page itself in #root, marked with the path it was rendered for, instead of the loader', () => {
    // Nothing but the markup in #root: whitespace there would not match what React hydrates.
    expect(html).toContain(
      `<div id="root" data-prerendered="/auth/login" data-modules="/assets/login-1.js /assets/field-1.js" inert>${LOGIN.markup}</div>`,
    );
    expect(html).toContain('<label for="e">Email</label>');
    expect(html).not.toContain('boot-loader');
    expect(html).toContain('<title>Authentication | Lenslab Portal</title>');
  });

  test('keeps the page inert until the entry holds what the visitor does, so the browser cannot send the form itself', () => {
    expect(html).toMatch(/<div id="root" [^>]*\binert>/);
  });

  test('inlines the entry and route CSS in one style element, whose hash it reports for the CSP', () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style).toBe('body{margin:0}\n._card_1{padding:1rem}\n._label_1{font-weight:600}');
    expect(styleHash).toBe(cspHash(style!));
    expect(html).not.toContain('rel="stylesheet"');
  });

  test("names the page's modules for the entry to preload on first use, fetching none of them before", () => {
    // The entry preloads them all at once when the visitor starts using the page (web/src/main.tsx).
    expect(/data-modules="([^"]*)"/.exec(html)?.[1]?.split(' ')).toEqual(['/assets/login-1.js', '/assets/field-1.js']);
    expect(html).not.toContain('href="/assets/login-1.js"');
    expect(html).not.toContain('href="/assets/field-1.js"');
    // What the template itself names is fetched by it, and not named twice.
    expect(html.match(/\/assets\/react-1\.js/g)).toHaveLength(1);
    expect(html).toContain('<link rel="preload" href="/config.json" as="fetch" crossorigin />');
  });

  test('refuses markup with a style attribute, which the CSP would block before React takes over', () => {
    expect(() =>
      prerenderedPage(TEMPLATE, MANIFEST, { ...LOGIN, markup: '<p style="padding:24px">Loading</p>' }, readAsset),
    ).toThrow(/style attribute/);
  });

  test('refuses a module the build does not have, and a template without the root markers', () => {
    expect(() => moduleFiles(MANIFEST, ['src/app/routes/gone.tsx'])).toThrow(/not in the build manifest/);
    expect(() => prerenderedPage('<title>x</title><div id="root"></div>', MANIFEST, LOGIN, readAsset)).toThrow(
      /no <div id="root"><!--app-->/,
    );
  });

  test('escapes the path and title it writes into attributes and the head', () => {
    const page = prerenderedPage(TEMPLATE, MANIFEST, { ...LOGIN, path: '/a"b', title: 'A <b> & C' }, readAsset);
    expect(page.html).toContain('data-prerendered="/a&quot;b"');
    expect(page.html).toContain('<title>A &lt;b&gt; &amp; C</title>');
  });

  test('is written to {path}/index.html under the build folder', () => {
    expect(prerenderedFile('/auth/login')).toBe('auth/login/index.html');
    expect(prerenderedFile('/ampleye-virtual-consultant/')).toBe('ampleye-virtual-consultant/index.html');
  });
});

describe('the HTML shell of a signed-in page', () => {
  const html = shellPage(TEMPLATE, MANIFEST, ['src/app/routes/auth/login.tsx'], ['/logo.svg']);
  const tags = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);

  test("preloads the page's modules beside the entry, each once, and keeps the loader in #root", () => {
    // react-1.js is the template's own preload, not named again.
    expect(tags(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)).toEqual([
      'assets/react-1.js',
      'assets/login-1.js',
      'assets/field-1.js',
    ]);
    expect(html).toContain('<div class="boot-loader">Loading…</div>');
  });

  test("fetches the modules' CSS at once without blocking the loader's paint: preloaded, never a style sheet", () => {
    expect(tags(/<link rel="preload" as="style" crossorigin href="\/([^"]+)">/g)).toEqual([
      'assets/login-1.css',
      'assets/field-1.css',
    ]);
    // The only style sheet is the entry's own, which styles the loader.
    expect(tags(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)).toEqual(['assets/index-1.css']);
  });

  test('preloads the images the page shows at once', () => {
    expect(html).toContain('<link rel="preload" as="image" href="/logo.svg">');
  });
});
