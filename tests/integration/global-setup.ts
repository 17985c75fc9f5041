import type { TestProject } from 'vitest/node';
import { portsFrom } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';

/**
 * Starts the emulators once for the whole integration run, on free ports with ephemeral data and the
 * demo seed, and hands their environment to the tests (`inject('env')`). Stopped after the run.
 */
export const FIXED_CODE = '246810';

let stack: LocalStack | undefined;

export async function setup(project: TestProject): Promise<void> {
  stack = await startLocalStack({ ports: portsFrom(0, {}), serveWeb: false, fixedCode: FIXED_CODE });
  project.provide('env', stack.env);
  project.provide('urls', {
    api: stack.urls.api,
    cognito: stack.urls.cognito,
    cognitoEmulator: stack.urls.cognitoEmulator,
    ses: stack.urls.ses,
    dynamodb: stack.urls.dynamodb,
    s3: stack.urls.s3,
  });
  project.provide(
    'demoUsers',
    stack.demoUsers.map((u) => ({ key: u.key, email: u.email, password: u.password, groups: u.groups })),
  );
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
