import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NagSuppressions } from 'cdk-nag';

/** The two calls a traced function makes to X-Ray (what AWSXRayDaemonWriteAccess grants, nothing more). */
export const XRAY_WRITE_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'] as const;

/**
 * Active X-Ray tracing of one portal function (stage config `monitoring.tracing`): Lambda records each
 * invocation (initialization, the handler, the answer) and sends it to X-Ray. The HTTP API cannot trace (only
 * REST APIs can), so a trace starts at the function; the correlation id in the logs ties it to the browser.
 * Set on the CloudFormation resource, so the Functions construct stays as it is with tracing off.
 */
export function enableActiveTracing(fn: lambda.Function): void {
  (fn.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: lambda.Tracing.ACTIVE };
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...XRAY_WRITE_ACTIONS], resources: ['*'] }));
  NagSuppressions.addResourceSuppressions(
    fn,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "X-Ray's PutTraceSegments and PutTelemetryRecords have no resource-level permissions: they take no ARN, so '*' is the only resource they accept; they only write the function's own traces.",
        appliesTo: ['Resource::*'],
      },
    ],
    true,
  );
}
