import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JOBS } from '../core/jobs';
import { ROUTE_LIST } from '../core/routes';
import { handlerEntry, jobEntry, REPO_ROOT } from '../infra/repo-paths';

export interface LambdaEntry {
  name: string;
  entry: string;
}

/** Every function the stack bundles: one per route, per job (`job:NAME`), per event consumer (`event:NAME`). */
export function lambdaEntries(): LambdaEntry[] {
  const eventsDir = join(REPO_ROOT, 'lambdas', 'events');
  return [
    ...ROUTE_LIST.map((route) => ({ name: route.name, entry: handlerEntry(route.handler) })),
    ...JOBS.map((job) => ({ name: `job:${job.name}`, entry: jobEntry(job.handler) })),
    ...readdirSync(eventsDir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({ name: `event:${file.replace(/\.ts$/, '')}`, entry: join(eventsDir, file) })),
  ];
}
