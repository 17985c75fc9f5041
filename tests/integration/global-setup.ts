import type { TestProject } from 'vitest/node';
import { portsFrom } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';

/**
 * Starts the local stack once for the whole integration run: free ports, ephemeral data, the demo seed, no
 * web server. Tests read its environment with `inject('env')` (tests/integration/helpers/stack-env.ts puts
 * it in process.env), its URLs with `inject('urls')` and the demo logins with `inject('demoUsers')`.
 */
export const FIXED_CODE = '246810';

let stack: LocalStack | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Node 20 is this project's runtime; the SDK's notice about its future Node 22 floor is noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  stack = await startLocalStack({ ports: portsFrom(0, {}), serveWeb: false, fixedCode: FIXED_CODE });
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
