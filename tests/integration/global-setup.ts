import type { TestProject } from 'vitest/node';
import { portsFrom } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';

/**
 * Starts the local stack once for the whole integration run: free ports, ephemeral data, the demo seed, no
 * web server. Tests read its environment with `inject('env')` (tests/integration/helpers/stack-env.ts puts
 * it in process.env), its URLs with `inject('urls')` and the demo logins with `inject('demoUsers')`.
 */
export const FIXED_CODE = '246810';
const HOUR_MS = 60 * 60 * 1000;

let stack: LocalStack | undefined;

export function setup(project: TestProject): Promise<void> {
  return setupStack(project, { jobs: true });
}

/**
 * A stack for one vitest project. `jobs: false` runs no scheduled job in it (no outbox consumer): the fault
 * tests (tests/faults/) run the consumer as processes of their own, to stop and kill.
 */
export async function setupStack(project: TestProject, options: { jobs: boolean }): Promise<void> {
  // Node 20 is this project's runtime; the SDK's notice about its future Node 22 floor is noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  stack = await startLocalStack({
    ports: portsFrom(0, {}),
    serveWeb: false,
    fixedCode: FIXED_CODE,
    jobs: options.jobs,
    // Tests make lab admins as they go: each must hear the next lab event.
    staffListCacheMs: 0,
    // Parcels move only when a test advances them (POST /fake-carrier/advance), never in the middle of one.
    fakeCarrierStepMs: HOUR_MS,
  });
  project.provide('env', { ...stack.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  project.provide('urls', {
    web: stack.urls.web,
    api: stack.urls.api,
    cognito: stack.urls.cognito,
    cognitoEmulator: stack.urls.cognitoEmulator,
    ses: stack.urls.ses,
    dynamodb: stack.urls.dynamodb,
    s3: stack.urls.s3,
    fakeGateway: stack.urls.fakeGateway,
    fakeCarrier: stack.urls.fakeCarrier,
  });
  project.provide(
    'demoUsers',
    stack.demoUsers.map((u) => ({
      key: u.key,
      email: u.email,
      password: u.password,
      groups: u.groups,
      ...(u.totpSecret ? { totpSecret: u.totpSecret } : {}),
    })),
  );
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
