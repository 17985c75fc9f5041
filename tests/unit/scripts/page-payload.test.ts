import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkPage, type PageBudget } from '../../../scripts/page-budget';
import { BuildError, htmlReferences, pageFiles, pagePayload, readViteBuild } from '../../../scripts/page-payload';

const HTML = `<!doctype html><html><head>
  <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  <script type="module" crossorigin src="/assets/index-1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-2.js">
  <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  <link rel="preconnect" href="https://cognito-idp.us-east-1.amazonaws.com">
  <script src="https://cdn.example/analytics.js"></script>
</head><body><div id="root"></div></body></html>`;

/** A Vite manifest as `vite build` writes it: the entry, a shared chunk, two lazy routes and one of theirs. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-2.js'],
    dynamicImports: ['src/routes/login.tsx', 'src/routes/orders.tsx'],
    css: ['assets/index-3.css'],
  },
  '_react-2.js': { file: 'assets/react-2.js' },
  '_form-4.js': { file: 'assets/form-4.js', imports: ['_react-2.js'], css: ['assets/form-5.css'] },
  'src/routes/login.tsx': {
    file: 'assets/login-6.js',
    src: 'src/routes/login.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_form-4.js'],
    dynamicImports: ['src/qr.tsx'],
  },
  'src/qr.tsx': { file: 'assets/qr-7.js', isDynamicEntry: true },
  'src/routes/orders.tsx': { file: 'assets/orders-8.js', isDynamicEntry: true, imports: ['index.html'] },
};

const dist = mkdtempSync(join(tmpdir(), 'lenslab-payload-'));
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, 'index.html'), HTML);
writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
for (const chunk of Object.values(MANIFEST)) {
  writeFileSync(join(dist, chunk.file), `export const x = ${JSON.stringify('x'.repeat(3000))};`);
  for (const css of 'css' in chunk ? chunk.css : []) writeFileSync(join(dist, css), 'body { color: red }');
}
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('what a page fetches, read from the build', () => {
  test('index.html makes the browser fetch its module scripts, module preloads and style sheets, not other links', () => {
    expect(htmlReferences(HTML)).toEqual({
      js: ['assets/index-1.js', 'assets/react-2.js'],
      css: ['assets/index-3.css'],
      scripts: ['assets/index-1.js'],
    });
  });

  test("a prerendered page's own HTML: its inline CSS is not fetched, and the modules it names for first use are not counted", () => {
    const prerendered = `<!doctype html><html><head><style>body{margin:0}</style>
      <script type="module" crossorigin src="/assets/index-1.js"></script></head>
      <body><div id="root" data-prerendered="/auth/login" data-modules="/assets/login-6.js /assets/form-4.js" inert>
      <main>Sign in</main></div></body></html>`;
    expect(pageFiles(readViteBuild(dist), [], prerendered)).toEqual({
      js: ['assets/index-1.js', 'assets/react-2.js'],
      css: [],
    });
  });

  test("a page is index.html's files plus its route chunk and everything that chunk imports, with their CSS", () => {
    expect(pageFiles(readViteBuild(dist), ['src/routes/login.tsx'])).toEqual({
      js: ['assets/form-4.js', 'assets/index-1.js', 'assets/login-6.js', 'assets/react-2.js'],
      css: ['assets/form-5.css', 'assets/index-3.css'],
    });
  });

  test("another route's chunk and the route's own lazy imports (loaded on demand) are not counted", () => {
    const { js } = pageFiles(readViteBuild(dist), ['src/routes/login.tsx']);
    expect(js).not.toContain('assets/orders-8.js');
    expect(js).not.toContain('assets/qr-7.js');
  });

  test('a budget naming a module the build no longer has fails loudly instead of counting nothing', () => {
    expect(() => pageFiles(readViteBuild(dist), ['src/routes/gone.tsx'])).toThrow(BuildError);
  });

  test('a folder without a build is reported as such', () => {
    expect(() => readViteBuild(join(dist, 'missing'))).toThrow(/build the web app first/);
  });

  test('files are sized as sent: compressed from 1,000 bytes, as they are below', () => {
    const payload = pagePayload(readViteBuild(dist), ['src/routes/login.tsx']);
    const script = payload.js.find((f) => f.file === 'assets/login-6.js')!;
    expect(script.gzip).toBeLessThan(script.bytes / 10);
    expect(script.brotli).toBeLessThan(script.bytes / 10);
    const sheet = payload.css.find((f) => f.file === 'assets/form-5.css')!;
    expect(sheet.gzip).toBe(sheet.bytes);
  });
});

describe('a page against its budget', () => {
  const budget = (max: PageBudget['max']): PageBudget => ({ path: '/auth/login', modules: [], max });
  const payload = {
    js: [{ file: 'a.js', bytes: 9000, gzip: 2048, brotli: 1900 }],
    css: [{ file: 'a.css', bytes: 900, gzip: 900, brotli: 900 }],
  };

  test('within every limit, nothing is over', () => {
    expect(checkPage(payload, budget({ jsGzipKiB: 2, cssGzipKiB: 1, files: 2 })).over).toEqual([]);
  });

  test('each limit passed is named: JavaScript, CSS and the number of files', () => {
    expect(checkPage(payload, budget({ jsGzipKiB: 1.9, cssGzipKiB: 0.5, files: 1 })).over).toEqual([
      'JavaScript 2.0 KiB > 1.9 KiB',
      'CSS 0.9 KiB > 0.5 KiB',
      '2 files > 1',
    ]);
  });
});
