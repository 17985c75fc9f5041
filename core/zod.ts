/**
 * The project's one zod import: `zod/mini`, zod's tree-shakable build, with zod's English messages. Import it as
 * a namespace, `import * as z from '../zod'`: a bundler then keeps only what the code names (a re-exported `z`
 * object would bring all of zod and every locale into each Lambda bundle).
 *
 * Full zod puts every method on every schema, so each Lambda bundle carried all of zod (98 KB minified, about
 * 8 ms of every cold start) and the browser 25 KiB gzip; mini's functions bring only what a schema uses
 * (docs/decisions/0073-lambda-bundles.md). Mini leaves messages to a locale: without English, every message a
 * schema does not name itself would read "Invalid input". Mini also builds no parser with `new Function`, so
 * it runs under the portal's CSP as it is. Full zod also installs a memoizer for input with reference cycles, which
 * only a recursive schema can walk into: none here is (no `z.lazy`), and JSON bodies hold no cycles. A recursive
 * schema would need `config({ memoizer: memoizer() })` beside the locale.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
