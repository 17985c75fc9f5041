/**
 * The AWS SDK's default credential provider as a Lambda function needs it: the execution role's keys, which
 * Lambda puts in the environment. The bundles alias `@aws-sdk/credential-provider-node` to this module
 * (infra/lambda-bundling.ts), which leaves out the providers a function never uses (SSO, INI files, web identity,
 * container and instance metadata) and their nested STS and SSO clients: about a quarter of every bundle
 * (docs/decisions.md, "Lambda bundles"). Anywhere else (the local stack, tests) the SDK's own chain runs.
 */
export interface EnvCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export function defaultProvider(): () => Promise<EnvCredentials> {
  return async () => {
    const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
    }
    const sessionToken = process.env.AWS_SESSION_TOKEN;
    const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
    return {
      accessKeyId,
      secretAccessKey,
      ...(sessionToken ? { sessionToken } : {}),
      ...(expiry ? { expiration: new Date(expiry) } : {}),
    };
  };
}
