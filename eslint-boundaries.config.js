import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * Which way imports may run between the parts of the repo (docs/architecture.md, "Import rules"), checked on
 * every lint. tests/unit/import-boundaries.test.ts lints a violating snippet for each zone, so a rule that
 * stops matching fails a test instead of passing silently.
 */

const root = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = 'web/src/features';

/**
 * A feature reaches another only through its public `index.ts`: one zone per feature (read from the folder,
 * so a new feature is covered the day it is added) forbids every other feature's files but their index.
 */
const featureZones = fs
  .readdirSync(path.join(root, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./${FEATURES}/${name}/**`,
    from: `./${FEATURES}/!(${name})/**`,
    except: [`**/${FEATURES}/*/index.ts`],
    message: `A feature imports another only through its public index.ts (shared pieces go to web/src/components, web/src/lib or web/src/hooks).`,
  }));

/**
 * The app composes features through the same door: their index.ts. The build resolves an index to the modules
 * it re-exports (scripts/feature-barrels.ts), so each lazily loaded page still fetches only what it uses
 * (docs/decisions/0095-feature-index-resolved-at-build.md).
 */
const appZone = {
  target: './web/src/app/**',
  from: `./${FEATURES}/**`,
  except: [`**/${FEATURES}/*/index.ts`],
  message: `The app imports a feature only through its public index.ts (export there what a page needs).`,
};

const USE_CASES = 'lambdas/use-cases';

/**
 * A back-end domain (a folder of lambdas/use-cases) reaches another only through that domain's `index.ts`:
 * one zone per domain, read from the folder like the features, so a new domain is covered the day it is added.
 */
const domainZones = fs
  .readdirSync(path.join(root, USE_CASES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./${USE_CASES}/${name}/**`,
    from: `./${USE_CASES}/!(${name})/**`,
    except: [`**/${USE_CASES}/*/index.ts`],
    message: `A use-case domain imports another only through its index.ts; what every domain needs belongs in lambdas/kernel.`,
  }));

/** Inner layers never reach outer ones: use cases and adapters meet only at the ports. */
const layerZones = [
  {
    target: './lambdas/use-cases/**',
    from: ['./lambdas/http', './lambdas/adapters', './lambdas/handlers', './lambdas/jobs', './lambdas/events'],
    message: 'Use cases depend on ports (lambdas/ports), never on the HTTP layer, adapters or entry points.',
  },
  {
    target: './lambdas/adapters/**',
    from: ['./lambdas/use-cases', './lambdas/handlers', './lambdas/jobs', './lambdas/events'],
    message: 'Adapters implement ports; what they share with use cases lives in lambdas/ports or core.',
  },
  {
    target: './lambdas/kernel/**',
    from: [
      `./${USE_CASES}`,
      './lambdas/handlers',
      './lambdas/adapters',
      './lambdas/http',
      './lambdas/jobs',
      './lambdas/events',
    ],
    message: 'The kernel is below every domain: it imports core and itself, never a use case, adapter or entry point.',
  },
  {
    target: './lambdas/ports/**',
    from: ['./lambdas/use-cases', './lambdas/adapters', './lambdas/http', './lambdas/handlers'],
    message: 'Ports are interfaces and the facts both sides share; they import only core and other ports.',
  },
  {
    target: ['./infra/**', './bin/**'],
    from: './lambdas',
    message: 'infra builds Lambdas from their entry paths, never imports them: shared facts live in core.',
  },
  {
    target: './web/src/{components,lib,hooks,forms}/**',
    from: `./${FEATURES}`,
    message: 'Shared web code does not depend on a feature; move what both need out of the feature.',
  },
  {
    target: `./${FEATURES}/**`,
    from: './web/src/app',
    message: 'Features do not import the app (web/src/app composes them): page paths are in core/page-paths.ts.',
  },
];

const SOURCES = ['core/**/*.ts', 'lambdas/**/*.ts', 'infra/**/*.ts', 'local/**/*.ts', 'web/src/**/*.{ts,tsx}'];

export const importBoundaries = [
  {
    files: SOURCES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...featureZones, appZone, ...domainZones, ...layerZones] },
      ],
      // Packages are never followed (they cannot import our code), which keeps the whole-repo lint fast. The rule
      // skips type-only imports; tests/unit/import-boundaries.test.ts walks lambdas/ and core/ with them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
