import { awsJsonCall } from './aws-request';

const SECRETS_MANAGER = {
  signingName: 'secretsmanager',
  endpointEnv: 'SECRETS_MANAGER',
  defaultEndpoint: (region: string) => `https://secretsmanager.${region}.amazonaws.com`,
  targetPrefix: 'secretsmanager',
  jsonVersion: '1.1',
} as const;

/** The current version's string (undefined for a binary secret). */
export async function getSecretString(secretId: string): Promise<string | undefined> {
  const answer = await awsJsonCall<{ SecretString?: string }>(SECRETS_MANAGER, 'GetSecretValue', {
    SecretId: secretId,
  });
  return answer.SecretString;
}
