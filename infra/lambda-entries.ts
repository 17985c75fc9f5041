import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JOBS, type JobDefinition } from '../core/jobs';
import type { RouteDefinition } from '../core/route-definition';
import { ROUTE_LIST } from '../core/routes';
import { handlerEntry, jobEntry, REPO_ROOT } from './repo-paths';

export interface LambdaEntry {
  /** A route's name, `job:NAME` or `event:NAME`: how the bench and scripts/resolve-stack.ts name a function. */
  name: string;
  /** The entry file esbuild bundles. */
  entry: string;
}

/**
 * Every function the stack bundles: one per route, per job (`job:NAME`), per event consumer (`event:NAME`). The
 * stack bundles exactly these (infra/function-bundles.ts) and the bench measures exactly these, so a function
 * missing here fails the synth instead of escaping the bundle budget. A synth with its own route or job list
 * passes it in.
 */
export function lambdaEntries(
  routes: readonly Pick<RouteDefinition, 'name' | 'handler'>[] = ROUTE_LIST,
  jobs: readonly Pick<JobDefinition, 'name' | 'handler'>[] = JOBS,
): LambdaEntry[] {
  const eventsDir = join(REPO_ROOT, 'lambdas', 'events');
  return [
    ...routes.map((route) => ({ name: route.name, entry: handlerEntry(route.handler) })),
    ...jobs.map((job) => ({ name: `job:${job.name}`, entry: jobEntry(job.handler) })),
    ...readdirSync(eventsDir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({ name: `event:${file.replace(/\.ts$/, '')}`, entry: join(eventsDir, file) })),
  ];
}
