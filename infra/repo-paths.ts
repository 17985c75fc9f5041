import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so synth works from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the built SPA lives (`vite build`); absent on a fresh clone. */
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');

/**
 * A route's handler entry file, by convention `lambdas/handlers/{route.handler}.ts`. infra never imports
 * handlers (docs/architecture.md "Which way imports run"); it only points esbuild at them.
 */
export function handlerEntry(handler: string): string {
  const entry = join(REPO_ROOT, 'lambdas', 'handlers', `${handler}.ts`);
  if (!existsSync(entry)) {
    throw new Error(`Route handler "${handler}" has no entry file: expected ${entry} (see core/routes.ts).`);
  }
  return entry;
}

/** A scheduled job's entry file, `lambdas/jobs/{job.handler}.ts` (core/jobs.ts). */
export function jobEntry(handler: string): string {
  const entry = join(REPO_ROOT, 'lambdas', 'jobs', `${handler}.ts`);
  if (!existsSync(entry)) {
    throw new Error(`Job handler "${handler}" has no entry file: expected ${entry} (see core/jobs.ts).`);
  }
  return entry;
}

/** An event consumer's entry file, `lambdas/events/{handler}.ts` (infra/constructs/email-feedback.ts). */
export function eventEntry(handler: string): string {
  const entry = join(REPO_ROOT, 'lambdas', 'events', `${handler}.ts`);
  if (!existsSync(entry)) throw new Error(`Event handler "${handler}" has no entry file: expected ${entry}.`);
  return entry;
}
