import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/** A Secrets Manager secret the operator created outside the stack, as the functions read and are granted it. */
export interface OperatorSecretTarget {
  /**
   * The secret's ARN without Secrets Manager's random suffix (the secret is the operator's, so its full ARN is not
   * known here): the function's variable, and with `-??????` the IAM resource.
   */
  arn: string;
}

/** The ARN of the operator's secret of this name, in the stack's account and region. */
export function operatorSecret(scope: Construct, secretName: string): OperatorSecretTarget {
  const arn = Stack.of(scope).formatArn({
    service: 'secretsmanager',
    resource: 'secret',
    resourceName: secretName,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
  return { arn };
}
