import type { TestProject } from 'vitest/node';
import { setupStack } from '../integration/global-setup';

/** A stack of the fault tests' own, with no consumer of its own: each test runs, stops and kills its consumers. */
export function setup(project: TestProject): Promise<void> {
  return setupStack(project, { jobs: false });
}

export { teardown } from '../integration/global-setup';
