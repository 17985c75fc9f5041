/**
 * How the browser build groups modules into files (vite.config.ts, Rolldown's `output.codeSplitting.groups`).
 * Left to itself Rolldown made a file of every set of modules shared by a different set of pages: the sign-in
 * page fetched 38 files and the customer dashboard 88, most under 2 KiB. Over HTTP/1.1 (six connections) every
 * file costs a round trip, so those pages waited on requests more than on bytes (`npm run bench:web`). The groups
 * below make a few larger files instead, in order of priority (a module goes to the first group that takes it):
 *
 * 1. everything main.tsx imports statically joins the entry file (a few KiB: a prerendered page's only script
 *    until the visitor uses it);
 * 2. everything the app's start (app/start.tsx, which main.tsx imports) imports statically is one file: React,
 *    the router, the app frame;
 * 3. zod is one file (the visitor pages load it only when a form is sent);
 * 4. what the sign-in page imports is one file;
 * 5. the rules of what happens after approval (stages, the ship promise's calendar, delays, parcels) are one file: the
 *    schemas and two pages read them, and the file every signed-in page paints with (group 6) would carry them;
 * 6. the rules only the lab's pages read (statements, webhook events and URLs) are one file, and core/'s other
 *    modules that import no schema are one file (`core`);
 * 7. the shared schemas and the route table's parts are one file (the API client loads the route table anyway);
 * 8. the signed-in pages' shared code (components, forms, lib, hooks, core, the guard and layout, and each
 *    feature's query keys and shared/ pieces, which several of its pages import) is two files:
 *    what needs no schema (what a signed-in page needs to draw itself from the answers kept at the last visit)
 *    and what does (forms, their checks). The first never imports zod or the schemas, so a returning user's
 *    dashboard paints before they load (app/providers/kept-session.ts).
 *
 * A public page a visitor meets first must not fetch signed-in code, so group 8 takes a module only if none of
 * those pages imports it and it imports nothing of theirs outside the groups above (Rolldown moves a grouped
 * module's imports into its group). A module loaded by `import()` keeps a file of its own: the build manifest
 * names it, and the signed-in pages' shells preload it by that name (scripts/prerender-html.ts).
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

interface ModuleInfo {
  importedIds: readonly string[];
  dynamicImporters: readonly string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}
export interface ChunkGroup {
  name: string | ((id: string, ctx: ChunkingContext) => string | null);
  debugName?: string;
  test?: RegExp;
  tags?: '$initial'[];
  priority: number;
}

/** The public pages written to HTML (`prerendered` in web/src/app/route-table.ts), by their route module. */
const VISITOR_PAGES = ['auth/login', 'auth/sign-up', 'auth/forgot-password', 'consultant/overview'];
const SIGN_IN_PAGE = 'auth/login';

const ZOD = /[\\/]node_modules[\\/]zod[\\/]|[\\/]core[\\/]zod\.ts$/;
const SCHEMAS = /[\\/]core[\\/](schemas|routes)[\\/]/;
/** The project's core/ folder, not a package's (such as @aws-amplify/core). */
const PROJECT_CORE = String.raw`^(?!.*[\\/]node_modules[\\/]).*[\\/]core[\\/]`;
/** The rules of what happens after approval (group 5 above). */
const PRODUCTION_RULES = new RegExp(
  String.raw`${PROJECT_CORE}rules[\/](ship-date|calendar-days|tracking-numbers|production-stages|shipping-methods|order-delays|parcel-claims)\.ts$`,
);
/**
 * Rules only the lab's own pages read (statements, webhook events and URLs): kept out of the file every signed-in
 * page paints with, so a practice's dashboard does not fetch them.
 */
const LAB_PAGE_RULES = new RegExp(String.raw`${PROJECT_CORE}rules[\/](statements|webhook-events|webhook-urls)\.ts$`);
/** The project's core/ apart from the schemas and the route table. */
const CORE = new RegExp(String.raw`${PROJECT_CORE}(?!schemas[\\/]|routes[\\/])`);
const SIGNED_IN_SHARED = new RegExp(
  String.raw`[\\/]web[\\/]src[\\/](components|forms|lib|hooks)[\\/]|${PROJECT_CORE}|` +
    String.raw`[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/](shared[\\/]|api[\\/]query-keys\.ts$)|` +
    String.raw`[\\/]web[\\/]src[\\/]app[\\/](guarded-layout|session-timers|layouts|navigation|providers)\b`,
);

/** The static imports of `roots`, themselves included. */
function closure(ctx: ChunkingContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Whether `id` imports zod or a schema, itself or through its own imports. */
const reachesSchemas = (ctx: ChunkingContext, id: string) =>
  [...closure(ctx, [id])].some((imported) => ZOD.test(imported) || SCHEMAS.test(imported));

/** `webDir` is the absolute path of web/. */
export function codeSplittingGroups(webDir: string): ChunkGroup[] {
  const routeModule = (page: string) => {
    const file = join(webDir, 'src', 'app', 'routes', `${page}.tsx`);
    if (!existsSync(file)) throw new Error(`scripts/code-splitting.ts names ${file}, which does not exist.`);
    return file;
  };
  const entry = join(webDir, 'src', 'main.tsx');
  const appStart = join(webDir, 'src', 'app', 'start.tsx');
  const routesDir = join(webDir, 'src', 'app', 'routes') + sep;
  const signInPage = routeModule(SIGN_IN_PAGE);
  const visitorPages = VISITOR_PAGES.map(routeModule);

  // Computed once per build from the module graph (the context is the same for every call of a build).
  let sets: { initial: Set<string>; app: Set<string>; signIn: Set<string>; visitor: Set<string> } | undefined;
  let setsOf: ChunkingContext | undefined;
  const graph = (ctx: ChunkingContext) => {
    if (!sets || setsOf !== ctx) {
      setsOf = ctx;
      sets = {
        initial: closure(ctx, [entry]),
        app: closure(ctx, [appStart]),
        signIn: closure(ctx, [signInPage]),
        visitor: closure(ctx, visitorPages),
      };
    }
    return sets;
  };
  /** Modules a group may never take: pages and `import()` targets keep their own files, the entry's stay in it. */
  const ownFile = (id: string, ctx: ChunkingContext) =>
    id.startsWith(routesDir) || (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 || graph(ctx).initial.has(id);

  return [
    { name: 'index', tags: ['$initial'], priority: 50 },
    {
      name: (id, ctx) => (graph(ctx).app.has(id) && !ownFile(id, ctx) ? 'app' : null),
      debugName: 'app',
      priority: 45,
    },
    { name: 'zod', test: ZOD, priority: 40 },
    {
      name: (id, ctx) => (graph(ctx).signIn.has(id) && !ownFile(id, ctx) ? 'sign-in' : null),
      debugName: 'sign-in',
      priority: 30,
    },
    {
      // What happens after approval (stages, the ship promise's calendar, parcels and their claims): the schemas
      // check these facts, but among the pages only the order form and the order's own page read them, so the file
      // every signed-in page paints with (`core` below) leaves them out: 3.5 KiB gzip off the dashboard's first paint.
      name: (id, ctx) => (PRODUCTION_RULES.test(id) && !ownFile(id, ctx) ? 'production-rules' : null),
      debugName: 'production-rules',
      priority: 27,
    },
    {
      // Below `core`, so the small modules of terms they share with the schemas stay in `core`.
      name: (id, ctx) => (LAB_PAGE_RULES.test(id) && !ownFile(id, ctx) ? 'lab-page-rules' : null),
      debugName: 'lab-page-rules',
      priority: 24,
    },
    {
      // The schemas' own imports (statuses, messages, limits) would otherwise join the schemas' file, and the
      // signed-in pages that read them would fetch the schemas and zod too.
      name: (id, ctx) =>
        CORE.test(id) &&
        !LAB_PAGE_RULES.test(id) &&
        !graph(ctx).signIn.has(id) &&
        !ownFile(id, ctx) &&
        !reachesSchemas(ctx, id)
          ? 'core'
          : null,
      debugName: 'core',
      priority: 25,
    },
    {
      name: (id, ctx) => (SCHEMAS.test(id) && !graph(ctx).signIn.has(id) && !ownFile(id, ctx) ? 'schemas' : null),
      debugName: 'schemas',
      priority: 20,
    },
    {
      name: (id, ctx) => {
        if (!SIGNED_IN_SHARED.test(id) || ownFile(id, ctx)) return null;
        const { initial, app, signIn, visitor } = graph(ctx);
        if (visitor.has(id)) return null;
        // Its imports land in this group unless an earlier group took them: none may be a visitor page's.
        for (const imported of closure(ctx, [id])) {
          const placed =
            initial.has(imported) ||
            app.has(imported) ||
            signIn.has(imported) ||
            ZOD.test(imported) ||
            SCHEMAS.test(imported);
          if (visitor.has(imported) && !placed) return null;
        }
        return reachesSchemas(ctx, id) ? 'signed-in-forms' : 'signed-in';
      },
      debugName: 'signed-in',
      priority: 10,
    },
  ];
}
